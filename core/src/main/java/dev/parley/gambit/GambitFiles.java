package dev.parley.gambit;

import java.io.IOException;
import java.nio.ByteBuffer;
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

    /** UTF-8, or Latin-1 when the bytes are not UTF-8 (older Gambit files were written in Latin-1). */
    static String readText(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
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
