package dev.parley.gambit;

import dev.parley.game.NormalFormGame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Gambit's strategic-form file ({@code .nfg}, version 1). The prologue is
 * {@code NFG 1 R "title" { "P1" "P2" }} followed by the strategies, either as counts {@code { 3 2 }} (labelled
 * {@code "1"}, {@code "2"}, ... as Gambit does) or as names {@code { { "a" "b" "c" } { "x" "y" } }}, and an
 * optional comment string. The body is either the payoff list (each profile's payoffs in turn, the first player's
 * strategy varying fastest) or an outcome list {@code { { "name" 1, 2 } ... }} followed by one outcome index per
 * profile (1-based; 0 is the null outcome, all zeros). Numbers may be integers, decimals, scientific or rationals
 * ({@code 1/3}), payoffs separated by spaces or commas; {@code D} is accepted in place of {@code R}.
 */
public final class Nfg {

    /** Larger tables are refused before allocating: a typo in a strategy count should not exhaust memory. */
    private static final long MAX_PAYOFFS = 1L << 26;

    private Nfg() {
    }

    /** Reads a file; {@code path} names it in error messages. */
    public static NormalFormGame read(Path path) throws IOException {
        return GambitFiles.parseStreaming(path, in -> new Parser(in).game());
    }

    /**
     * Parses {@code text}.
     *
     * @param sourceName names the text in error messages (a file name)
     * @throws GambitFormatException with line and column when the text is not a valid strategic-form file
     */
    public static NormalFormGame parse(String text, String sourceName) {
        return new Parser(new Tokens(sourceName, text)).game();
    }

    /** The game in Gambit's format: strategy names, then the payoff list, numbers written exactly. */
    public static String write(NormalFormGame game) {
        StringBuilder sb = new StringBuilder("NFG 1 R ").append(Lexer.quote(game.title())).append(" {");
        for (String p : game.players()) {
            sb.append(' ').append(Lexer.quote(p));
        }
        sb.append(" }\n\n{\n");
        for (List<String> strategies : game.strategies()) {
            sb.append('{');
            for (String s : strategies) {
                sb.append(' ').append(Lexer.quote(s));
            }
            sb.append(" }\n");
        }
        sb.append("}\n\"\"\n\n");
        int n = game.numPlayers();
        for (int k = 0; k < game.numProfiles(); k++) {
            for (int p = 0; p < n; p++) {
                sb.append(Numbers.format(game.payoffAt(k, p))).append(p + 1 < n ? " " : "\n");
            }
        }
        return sb.toString();
    }

    /** Writes {@link #write(NormalFormGame)} to {@code path} in UTF-8. */
    public static void write(NormalFormGame game, Path path) throws IOException {
        Files.writeString(path, write(game));
    }

    private static final class Parser {
        private final Tokens in;

        Parser(Tokens in) {
            this.in = in;
        }

        NormalFormGame game() {
            in.expectWord("NFG", "'NFG' at the start of a strategic-form file");
            Token version = in.peek();
            if (!version.kind().equals(Token.Kind.NUMBER) || !version.text().equals("1")) {
                throw in.error(version, "expected version 1 after 'NFG' but found " + version.describe());
            }
            in.next();
            GambitFiles.numberMode(in);
            String title = in.string("the game's title (a quoted string)");
            List<String> players = GambitFiles.players(in);
            Token strategiesAt = in.peek();
            List<List<String>> strategies = strategies(players.size());
            if (in.at(Token.Kind.STRING)) {
                in.next(); // the optional comment; NormalFormGame has no place for it
            }
            int n = players.size();
            long profiles = 1;
            for (List<String> s : strategies) {
                profiles *= s.size();
                if (profiles * n > MAX_PAYOFFS) {
                    throw in.error(strategiesAt, "the game has more than " + MAX_PAYOFFS
                            + " payoffs; Parley does not read tables that large");
                }
            }
            double[] payoffs = in.at(Token.Kind.LBRACE) ? outcomeBody((int) profiles, n)
                    : payoffBody((int) profiles, n);
            return new NormalFormGame(title, players, strategies, payoffs);
        }

        private List<List<String>> strategies(int n) {
            in.expect(Token.Kind.LBRACE, "'{' opening the strategy counts or the strategy names");
            List<List<String>> strategies = new ArrayList<>();
            boolean named = in.at(Token.Kind.LBRACE);
            while (!in.at(Token.Kind.RBRACE)) {
                if (strategies.size() == n) {
                    throw in.expected("'}' after the strategies of " + n + " player" + (n == 1 ? "" : "s"));
                }
                if (named) {
                    Token open = in.expect(Token.Kind.LBRACE, "'{' opening player " + (strategies.size() + 1)
                            + "'s strategy names");
                    List<String> names = new ArrayList<>();
                    while (!in.at(Token.Kind.RBRACE)) {
                        names.add(in.string("a strategy name (a quoted string) or '}'"));
                        in.skipCommas();
                    }
                    in.next();
                    if (names.isEmpty()) {
                        throw in.error(open, "player " + (strategies.size() + 1) + " has no strategies");
                    }
                    strategies.add(names);
                } else {
                    int count = in.integer("a strategy count or '}'", 1, Integer.MAX_VALUE);
                    List<String> names = new ArrayList<>();
                    for (int i = 1; i <= count; i++) {
                        names.add(Integer.toString(i));
                    }
                    strategies.add(names);
                    in.skipCommas();
                }
            }
            if (strategies.size() < n) {
                throw in.expected((named ? "the strategy names of " : "a strategy count for ") + "player "
                        + (strategies.size() + 1) + " (one entry per player)");
            }
            in.next();
            return strategies;
        }

        private double[] payoffBody(int profiles, int n) {
            int needed = profiles * n;
            double[] payoffs = new double[needed];
            String size = needed + " payoffs (" + profiles + " profiles x " + n + " players)";
            for (int i = 0; i < needed; i++) {
                in.skipCommas();
                if (in.at(Token.Kind.EOF)) {
                    throw in.error(in.peek(), "expected " + size + " but the file ends after " + i);
                }
                payoffs[i] = in.number("a payoff (a number)").toDouble();
            }
            in.skipCommas();
            in.expectEnd(size);
            return payoffs;
        }

        private double[] outcomeBody(int profiles, int n) {
            in.next(); // '{'
            List<double[]> outcomes = new ArrayList<>();
            while (!in.at(Token.Kind.RBRACE)) {
                in.expect(Token.Kind.LBRACE, "'{' opening an outcome or '}' closing the outcome list");
                if (in.at(Token.Kind.STRING)) {
                    in.next(); // the outcome's name
                }
                outcomes.add(GambitFiles.payoffs(in, n, "outcome " + (outcomes.size() + 1)));
            }
            in.next();
            double[] payoffs = new double[profiles * n];
            for (int k = 0; k < profiles; k++) {
                in.skipCommas();
                if (in.at(Token.Kind.EOF)) {
                    throw in.error(in.peek(), "expected " + profiles + " outcome indices (one per profile) but "
                            + "the file ends after " + k);
                }
                int o = in.integer("the outcome index of profile " + (k + 1), 0, outcomes.size());
                if (o > 0) {
                    System.arraycopy(outcomes.get(o - 1), 0, payoffs, k * n, n);
                }
            }
            in.skipCommas();
            in.expectEnd(profiles + " outcome indices (one per profile)");
            return payoffs;
        }
    }
}
