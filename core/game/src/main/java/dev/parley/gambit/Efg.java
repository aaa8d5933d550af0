package dev.parley.gambit;

import dev.parley.game.GameTree;
import dev.parley.game.GameType;
import dev.parley.game.State;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gambit's extensive-form file ({@code .efg}, version 2).
 *
 * <pre>
 * EFG 2 R "title" { "Player 1" "Player 2" } "optional comment"
 * c "node" 1 "infoset" { "heads" 1/2 "tails" 1/2 } 0
 * p "node" 1 1 "infoset" { "L" "R" } 0
 * t "node" 1 "outcome" { 1, -1 }
 * </pre>
 *
 * Nodes come in prefix order: a chance node ({@code c name infoset [description] outcome [description]}), a player
 * node ({@code p name player infoset [description] outcome [description]}) or a terminal
 * ({@code t name outcome [description]}). An infoset's description is its name and its actions (with probabilities
 * at chance); an outcome's is its name and one payoff per player. Infosets are numbered per player, outcomes once
 * for the file, both by arbitrary positive numbers; a repeated infoset or outcome may omit its description, and one
 * that repeats it must repeat it identically. Outcome 0 is the null outcome. Outcomes at non-terminal nodes add to
 * the payoffs of every terminal below them. Numbers are read exactly (integers, decimals, scientific notation,
 * rationals {@code 1/3}); payoffs may be separated by commas; {@code D} is accepted in place of {@code R}.
 *
 * <p>The parser also checks the game: chance probabilities lie in [0, 1] and sum to 1 (exactly, or within 1e-9 for
 * rounded decimals), an infoset keeps one player and one action list, every player has perfect recall (Parley's
 * solvers require it). Each violation is a {@link GambitFormatException} at the offending token.
 */
public final class Efg {

    private static final double PROBABILITY_TOLERANCE = 1e-9;

    private Efg() {
    }

    /** Reads a file as a stream of tokens (never whole in memory); {@code path} names it in error messages. */
    public static EfgGame read(Path path) throws IOException {
        return GambitFiles.parseStreaming(path, in -> new Parser(in).game());
    }

    /**
     * Parses {@code text} into an immutable game whose states are the nodes of the file.
     *
     * @param sourceName names the text in error messages (a file name)
     * @throws GambitFormatException with line and column when the text is not a valid extensive-form file
     */
    public static EfgGame parse(String text, String sourceName) {
        return new Parser(new Tokens(sourceName, text)).game();
    }

    /**
     * {@code tree} as an extensive-form file: the title is the tree's name, players are "Player 1".."Player n",
     * each infoset is named by its key and numbered per player in order of first appearance, each chance node is its
     * own chance infoset, terminals with equal payoffs share an outcome, and every number is written so that it reads
     * back as the same double.
     *
     * <p>The file is in the form that both Gambit and OpenSpiel's {@code pyspiel.load_efg_game} read as it is.
     * OpenSpiel's reader takes a subset of the format, so three things Gambit allows are not used: every node
     * repeats its infoset's name and actions and every terminal its outcome's payoffs (no bare numbers), a terminal
     * with all-zero payoffs has an outcome of its own rather than the null outcome {@code 0}, and no string holds an
     * escaped character: a double quote is written as a single quote, a backslash as a slash, and a line break or
     * other control character as a space (infosets and outcomes are told apart by their numbers, not their names).
     */
    public static String write(GameTree tree) {
        List<String> players = new ArrayList<>();
        for (int p = 1; p <= tree.numPlayers(); p++) {
            players.add("Player " + p);
        }
        return write(tree, players);
    }

    /** As {@link #write(GameTree)} with the given player names. */
    public static String write(GameTree tree, List<String> playerNames) {
        if (playerNames.size() != tree.numPlayers()) {
            throw new IllegalArgumentException(playerNames.size() + " player names for a game of "
                    + tree.numPlayers() + " players");
        }
        return new Writer(tree).write(playerNames);
    }

    /** Writes {@link #write(GameTree)} to {@code path} in UTF-8. */
    public static void write(GameTree tree, Path path) throws IOException {
        Files.writeString(path, write(tree));
    }

    /** {@code s} quoted with nothing escaped (see {@link #write(GameTree)}): the one string form OpenSpiel reads. */
    static String plain(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c == '"' ? '\'' : c == '\\' ? '/' : Character.isISOControl(c) ? ' ' : c);
        }
        return sb.append('"').toString();
    }

    private static final class Writer {
        private final GameTree tree;
        private final StringBuilder sb = new StringBuilder();
        private final int[] infosetNumber;
        private final int[] nextInfosetNumber;
        private final Map<String, Integer> outcomeNumbers = new HashMap<>();
        private int nextChanceInfoset = 1;

        Writer(GameTree tree) {
            this.tree = tree;
            this.infosetNumber = new int[tree.numInfosets()];
            this.nextInfosetNumber = new int[tree.numPlayers()];
        }

        String write(List<String> players) {
            sb.append("EFG 2 R ").append(plain(tree.name())).append(" {");
            for (String p : players) {
                sb.append(' ').append(plain(p));
            }
            sb.append(" }\n\"\"\n\n");
            // Prefix order with an explicit stack: deep trees must not overflow the call stack.
            Deque<Integer> stack = new ArrayDeque<>();
            stack.push(0);
            while (!stack.isEmpty()) {
                int node = stack.pop();
                writeNode(node);
                for (int k = tree.childCount(node) - 1; k >= 0; k--) {
                    stack.push(tree.firstChild(node) + k);
                }
            }
            return sb.toString();
        }

        private void writeNode(int node) {
            int player = tree.player(node);
            if (player == GameTree.TERMINAL) {
                sb.append("t \"\" ");
                outcome(node);
                sb.append('\n');
                return;
            }
            int first = tree.firstChild(node);
            int count = tree.childCount(node);
            if (player == GameTree.CHANCE) {
                sb.append("c \"\" ").append(nextChanceInfoset++).append(" \"\" {");
                for (int k = 0; k < count; k++) {
                    sb.append(' ').append(plain(tree.actionLabel(first + k))).append(' ')
                            .append(Numbers.format(tree.chanceProbability(first + k)));
                }
                sb.append(" } 0\n");
                return;
            }
            int is = tree.infoset(node);
            sb.append("p \"\" ").append(player + 1).append(' ');
            if (infosetNumber[is] == 0) {
                infosetNumber[is] = ++nextInfosetNumber[player];
            }
            // the description again at every node of the infoset: OpenSpiel's reader needs it there
            sb.append(infosetNumber[is]).append(' ').append(plain(tree.infosetKey(is))).append(" {");
            for (int k = 0; k < tree.actionCount(is); k++) {
                sb.append(' ').append(plain(tree.slotLabel(tree.slotStart(is) + k)));
            }
            sb.append(" } 0\n");
        }

        private void outcome(int node) {
            int n = tree.numPlayers();
            StringBuilder payoffs = new StringBuilder();
            for (int p = 0; p < n; p++) {
                payoffs.append(p == 0 ? "" : ", ").append(Numbers.format(tree.utility(node, p)));
            }
            String key = payoffs.toString();
            // an outcome of its own for all-zero payoffs too, and its payoffs at every terminal: OpenSpiel reads
            // neither the null outcome nor a bare outcome number
            int number = outcomeNumbers.computeIfAbsent(key, k -> outcomeNumbers.size() + 1);
            sb.append(number).append(" \"\" { ").append(key).append(" }");
        }
    }

    private static final class Parser {
        private static final String NODE = "a node ('c' for chance, 'p' for a player, 't' for a terminal)";

        private final Tokens in;
        private int numPlayers;
        private final Map<String, EfgInfoset> infosets = new HashMap<>();
        private final Map<EfgInfoset, Token> firstMember = new HashMap<>();
        private final Map<Integer, Outcome> outcomes = new LinkedHashMap<>();
        private boolean anyChance;
        private boolean imperfect;
        private Rational firstSum;
        private boolean zeroSum = true;
        private boolean constantSum = true;
        private boolean identical = true;
        private double min = Double.POSITIVE_INFINITY;
        private double max = Double.NEGATIVE_INFINITY;

        private record Outcome(String name, Rational[] payoffs, Token describedAt) { }

        private record OwnStep(int previous, EfgInfoset infoset, int action) { }

        private final Map<OwnStep, Integer> ownHistories = new HashMap<>();

        /** A node whose children are still being read; {@code next} counts those read so far. */
        private static final class Frame {
            final EfgNode node;
            final Rational[] accumulated;
            final int[] own;
            final Token at;
            int next;

            Frame(EfgNode node, Rational[] accumulated, int[] own, Token at) {
                this.node = node;
                this.accumulated = accumulated;
                this.own = own;
                this.at = at;
            }
        }

        Parser(Tokens in) {
            this.in = in;
        }

        EfgGame game() {
            in.expectWord("EFG", "'EFG' at the start of an extensive-form file");
            Token version = in.peek();
            if (version.kind() != Token.Kind.NUMBER || !version.text().equals("2")) {
                throw in.error(version, "expected version 2 after 'EFG' but found " + version.describe());
            }
            in.next();
            GambitFiles.numberMode(in);
            String title = in.string("the game's title (a quoted string)");
            List<String> players = GambitFiles.players(in);
            numPlayers = players.size();
            String comment = in.at(Token.Kind.STRING) ? in.next().text() : "";

            Rational[] zero = new Rational[numPlayers];
            Arrays.fill(zero, Rational.ZERO);
            Deque<Frame> stack = new ArrayDeque<>();
            EfgNode root = node(null, -1, zero, new int[numPlayers], null, stack);
            // Prefix order: the children of the top frame are read one by one; a child with children of its own
            // goes on top. An explicit stack, so that a deep tree cannot overflow the call stack.
            while (!stack.isEmpty()) {
                Frame f = stack.peek();
                if (f.next == f.node.children.length) {
                    stack.pop();
                    continue;
                }
                int action = f.next++;
                int[] own = f.own;
                int mover = f.node.currentPlayer();
                if (mover >= 0) {
                    own = own.clone();
                    own[mover] = ownStep(own[mover], f.node.infoset(), action);
                }
                f.node.children[action] = node(f.node, action, f.accumulated, own, f, stack);
            }
            if (!in.at(Token.Kind.EOF)) {
                throw in.expected("end of file after the game tree (the root's subtree is complete)");
            }
            GameType.Utility utility = zeroSum ? GameType.Utility.ZERO_SUM
                    : constantSum ? GameType.Utility.CONSTANT_SUM
                    : identical && numPlayers > 1 ? GameType.Utility.IDENTICAL : GameType.Utility.GENERAL_SUM;
            GameType type = new GameType(GameType.Dynamics.SEQUENTIAL,
                    anyChance ? GameType.ChanceMode.EXPLICIT : GameType.ChanceMode.DETERMINISTIC,
                    imperfect ? GameType.Information.IMPERFECT : GameType.Information.PERFECT, utility);
            String name = title.isBlank() ? baseName(in.source()) : title;
            return new EfgGame(name, title, comment, players, type, root, min, max);
        }

        private static String baseName(String source) {
            String s = source.replace('\\', '/');
            s = s.substring(s.lastIndexOf('/') + 1);
            int dot = s.lastIndexOf('.');
            return dot > 0 ? s.substring(0, dot) : s;
        }

        /** Reads one node; a chance or player node is pushed so that its children are read next. */
        private EfgNode node(EfgNode parent, int action, Rational[] accumulated, int[] own, Frame parentFrame,
                Deque<Frame> stack) {
            Token start = in.peek();
            String kind = start.kind() == Token.Kind.WORD ? start.text() : "";
            if (!kind.equals("c") && !kind.equals("p") && !kind.equals("t")) {
                if (parentFrame == null) {
                    throw in.expected("the root node: " + NODE);
                }
                throw in.expected(NODE + " for action " + (action + 1) + " of " + parentFrame.node.children.length
                        + " (\"" + parent.infoset().labels.get(action) + "\") of the node at line "
                        + parentFrame.at.line() + ", column " + parentFrame.at.column());
            }
            in.next();
            in.string("the node's name (a quoted string)");
            EfgInfoset infoset;
            int player;
            if (kind.equals("c")) {
                player = State.CHANCE;
                anyChance = true;
                Token numberAt = in.peek();
                int number = in.integer("a chance infoset number", 1, Integer.MAX_VALUE);
                infoset = infoset(State.CHANCE, number, numberAt);
            } else if (kind.equals("p")) {
                Token playerAt = in.peek();
                if (playerAt.kind() == Token.Kind.NUMBER) {
                    Rational r = in.value(playerAt);
                    if (r.isInteger() && r.signum() > 0 && r.num().bitLength() < 31 && r.num().intValue() > numPlayers) {
                        throw in.error(playerAt, "unknown player " + r + ": the game has " + numPlayers + " player"
                                + (numPlayers == 1 ? "" : "s") + ", numbered from 1");
                    }
                }
                player = in.integer("a player number", 1, numPlayers) - 1;
                Token numberAt = in.peek();
                int number = in.integer("an infoset number", 1, Integer.MAX_VALUE);
                infoset = infoset(player, number, numberAt);
            } else {
                player = State.TERMINAL;
                infoset = null;
            }
            Rational[] payoffs = outcome();
            Rational[] total = accumulated;
            if (payoffs != null) {
                total = new Rational[numPlayers];
                for (int p = 0; p < numPlayers; p++) {
                    total[p] = accumulated[p].add(payoffs[p]);
                }
            }
            double[] returns = player == State.TERMINAL ? terminal(total) : null;
            EfgNode node = new EfgNode(player, infoset, parent, action, numPlayers, returns);
            if (player >= 0) {
                member(infoset, own[player], start);
            }
            if (infoset != null) {
                stack.push(new Frame(node, total, own, start));
            }
            return node;
        }

        /**
         * The id of a player's own history extended by one (infoset, action) step. Ids are interned, so two paths
         * give the same id exactly when the player made the same moves at the same infosets along them; this keeps
         * the perfect-recall check linear in the size of the tree.
         */
        private int ownStep(int previous, EfgInfoset infoset, int action) {
            return ownHistories.computeIfAbsent(new OwnStep(previous, infoset, action), k -> ownHistories.size() + 1);
        }

        /** Perfect recall: every member of an infoset is reached after the same own infosets and actions. */
        private void member(EfgInfoset infoset, int own, Token at) {
            infoset.members++;
            if (infoset.members == 1) {
                infoset.ownHistory = own;
                firstMember.put(infoset, at);
                return;
            }
            imperfect = true;
            if (infoset.ownHistory != own) {
                Token first = firstMember.get(infoset);
                throw in.error(at, "imperfect recall: infoset " + infoset.number + " of player " + (infoset.player + 1)
                        + " is reached here after different moves of that player than at line " + first.line()
                        + ", column " + first.column() + "; Parley's games need perfect recall");
            }
        }

        private double[] terminal(Rational[] payoffs) {
            double[] returns = new double[numPlayers];
            Rational sum = Rational.ZERO;
            for (int p = 0; p < numPlayers; p++) {
                returns[p] = payoffs[p].toDouble();
                min = Math.min(min, returns[p]);
                max = Math.max(max, returns[p]);
                sum = sum.add(payoffs[p]);
                if (!payoffs[p].equals(payoffs[0])) {
                    identical = false;
                }
            }
            if (sum.signum() != 0) {
                zeroSum = false;
            }
            if (firstSum == null) {
                firstSum = sum;
            } else if (!firstSum.equals(sum)) {
                constantSum = false;
            }
            return returns;
        }

        /** The infoset numbered {@code number} of {@code player}, with its description if one follows. */
        private EfgInfoset infoset(int player, int number, Token numberAt) {
            String owner = player == State.CHANCE ? "chance infoset " + number
                    : "infoset " + number + " of player " + (player + 1);
            String key = player + "#" + number;
            EfgInfoset existing = infosets.get(key);
            if (!in.at(Token.Kind.STRING)) {
                if (existing == null) {
                    throw in.error(numberAt, owner + " appears here for the first time without its description: "
                            + "expected its name and actions (a quoted string, then '{') but found "
                            + in.peek().describe());
                }
                return existing;
            }
            Token describedAt = in.peek();
            String name = in.next().text();
            Token open = in.expect(Token.Kind.LBRACE, "'{' opening the actions of " + owner);
            List<String> labels = new ArrayList<>();
            List<Rational> probabilities = new ArrayList<>();
            Rational sum = Rational.ZERO;
            while (!in.at(Token.Kind.RBRACE)) {
                String label = in.string("an action name (a quoted string) or '}'");
                // The model needs a label for every action; Gambit allows empty names.
                labels.add(label.isEmpty() ? "#" + (labels.size() + 1) : label);
                in.skipCommas();
                if (player == State.CHANCE) {
                    Token at = in.peek();
                    Rational p = in.number("the probability of action \"" + label + "\" (a number)");
                    if (p.signum() < 0 || p.compareTo(Rational.ONE) > 0) {
                        throw in.error(at, "the probability of action \"" + label + "\" is " + at.text()
                                + "; it must lie between 0 and 1");
                    }
                    probabilities.add(p);
                    sum = sum.add(p);
                    in.skipCommas();
                }
            }
            in.next();
            if (labels.isEmpty()) {
                throw in.error(open, owner + " has no actions");
            }
            if (player == State.CHANCE && !sum.equals(Rational.ONE)
                    && Math.abs(sum.add(Rational.of(-1, 1)).toDouble()) > PROBABILITY_TOLERANCE) {
                throw in.error(open, "the probabilities of " + owner + " sum to " + sum + ", not 1");
            }
            Rational[] exact = player == State.CHANCE ? probabilities.toArray(new Rational[0]) : null;
            if (existing == null) {
                EfgInfoset created = new EfgInfoset(player, number, name, labels, exact, describedAt);
                infosets.put(key, created);
                return created;
            }
            if (!existing.name.equals(name) || !existing.labels.equals(labels)
                    || !Arrays.equals(existing.exactProbabilities, exact)) {
                throw in.error(describedAt, owner + " is described here as " + describe(name, labels, exact)
                        + " but at line " + existing.describedAt.line() + ", column " + existing.describedAt.column()
                        + " as " + describe(existing.name, existing.labels, existing.exactProbabilities));
            }
            return existing;
        }

        private static String describe(String name, List<String> labels, Rational[] probabilities) {
            StringBuilder sb = new StringBuilder(Lexer.quote(name)).append(" {");
            for (int i = 0; i < labels.size(); i++) {
                sb.append(' ').append(Lexer.quote(labels.get(i)));
                if (probabilities != null) {
                    sb.append(' ').append(probabilities[i]);
                }
            }
            return sb.append(" }").toString();
        }

        /** The outcome number and optional description; null for the null outcome. */
        private Rational[] outcome() {
            Token numberAt = in.peek();
            int number = in.integer("an outcome number (0 for none)", 0, Integer.MAX_VALUE);
            Outcome existing = outcomes.get(number);
            if (!in.at(Token.Kind.STRING)) {
                if (number == 0) {
                    return null;
                }
                if (existing == null) {
                    throw in.error(numberAt, "outcome " + number + " appears here for the first time without its "
                            + "description: expected its name and payoffs (a quoted string, then '{') but found "
                            + in.peek().describe());
                }
                return existing.payoffs();
            }
            Token describedAt = in.peek();
            if (number == 0) {
                throw in.error(describedAt, "outcome 0 is the null outcome and takes no description");
            }
            String name = in.next().text();
            in.expect(Token.Kind.LBRACE, "'{' opening the payoffs of outcome " + number);
            Rational[] payoffs = GambitFiles.exactPayoffs(in, numPlayers, "outcome " + number);
            if (existing == null) {
                outcomes.put(number, new Outcome(name, payoffs, describedAt));
                return payoffs;
            }
            if (!existing.name().equals(name) || !Arrays.equals(existing.payoffs(), payoffs)) {
                throw in.error(describedAt, "outcome " + number + " is described here as " + Lexer.quote(name) + " "
                        + Arrays.toString(payoffs) + " but at line " + existing.describedAt().line() + ", column "
                        + existing.describedAt().column() + " as " + Lexer.quote(existing.name()) + " "
                        + Arrays.toString(existing.payoffs()));
            }
            return existing.payoffs();
        }
    }
}
