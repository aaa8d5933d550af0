package dev.parley.gambit;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Pieces shared by the extensive- and strategic-form readers. */
final class GambitFiles {

    private GambitFiles() {
    }

    /**
     * Parses the file at {@code path} as a stream of tokens, as UTF-8, or again as Latin-1 when the bytes turn out
     * not to be UTF-8 (older Gambit files were written in Latin-1). The text is never held in memory whole.
     */
    static <T> T parseStreaming(Path path, java.util.function.Function<Tokens, T> parser) throws IOException {
        try {
            return parseWith(path, StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT), parser);
        } catch (CharacterCodingException e) {
            return parseWith(path, StandardCharsets.ISO_8859_1.newDecoder(), parser);
        }
    }

    private static <T> T parseWith(Path path, java.nio.charset.CharsetDecoder decoder,
            java.util.function.Function<Tokens, T> parser) throws IOException {
        try (java.io.Reader reader = new java.io.InputStreamReader(Files.newInputStream(path), decoder)) {
            return parser.apply(new Tokens(path.toString(), reader));
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** {@code R} (rational) or {@code D} (decimal); both read the same way since every number is read exactly. */
    static void numberMode(Tokens in) {
        Token t = in.peek();
        if (t.kind() != Token.Kind.WORD || !(t.text().equals("R") || t.text().equals("D"))) {
            throw in.expected("'R' or 'D' after the version number");
        }
        in.next();
    }

    /** {@code { "P1" "P2" ... }}, at least one player. */
    static List<String> players(Tokens in) {
        Token open = in.expect(Token.Kind.LBRACE, "'{' opening the list of player names");
        List<String> players = new ArrayList<>();
        while (!in.at(Token.Kind.RBRACE)) {
            players.add(in.string("a player name (a quoted string) or '}'"));
            in.skipCommas();
        }
        in.next();
        if (players.isEmpty()) {
            throw in.error(open, "the game has no players: the list of player names is empty");
        }
        return players;
    }

    /** The payoffs of an outcome after its '{' up to and including '}': exactly {@code n} numbers. */
    static double[] payoffs(Tokens in, int n, String owner) {
        Rational[] exact = exactPayoffs(in, n, owner);
        double[] payoffs = new double[n];
        for (int p = 0; p < n; p++) {
            payoffs[p] = exact[p].toDouble();
        }
        return payoffs;
    }

    static Rational[] exactPayoffs(Tokens in, int n, String owner) {
        Rational[] payoffs = new Rational[n];
        String players = n + " payoff" + (n == 1 ? "" : "s") + " (one per player)";
        for (int p = 0; p < n; p++) {
            in.skipCommas();
            if (in.at(Token.Kind.RBRACE)) {
                throw in.error(in.peek(), owner + " has " + p + " payoff" + (p == 1 ? "" : "s") + " but needs "
                        + players);
            }
            if (!in.at(Token.Kind.NUMBER)) {
                throw in.expected("a payoff (a number) or '}'");
            }
            payoffs[p] = in.number("a payoff");
        }
        in.skipCommas();
        if (in.at(Token.Kind.NUMBER)) {
            throw in.error(in.peek(), owner + " has more than " + players + ": found " + in.peek().describe());
        }
        in.expect(Token.Kind.RBRACE, "'}' after the " + players + " of " + owner);
        return payoffs;
    }
}
