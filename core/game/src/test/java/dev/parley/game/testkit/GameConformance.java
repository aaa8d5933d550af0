package dev.parley.game.testkit;

import dev.parley.gambit.Efg;
import dev.parley.gambit.SameGame;
import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.GameType;
import dev.parley.game.State;
import dev.parley.game.TabularPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The conformance kit every {@link Game} passes. It walks the game (exhaustively up to a node budget, then by
 * seeded random playouts) and checks the model's rules:
 * <ul>
 *   <li>chance outcomes are non-empty, with probabilities in [0, 1] summing to 1;</li>
 *   <li>decision nodes have non-empty, distinct, ascending legal actions, each with a label;</li>
 *   <li>returns are zero before the end, and within the declared utility bounds at terminals (summing to zero in a
 *       zero-sum game);</li>
 *   <li>states are immutable: moving to a child leaves the parent unchanged;</li>
 *   <li>an infoset key belongs to one player with one set of legal actions;</li>
 *   <li>perfect recall: every history in an infoset has the same sequence of the player's own infosets and
 *       actions.</li>
 * </ul>
 * When the whole game was walked, its compiled {@link GameTree} is checked against the walk too:
 * <ul>
 *   <li>the tree has one node per history and one infoset per key, and every player's expected return under the
 *       uniform policy is the same computed on the tree's arrays as by walking the states;</li>
 *   <li>the uniform {@link TabularPolicy} has a row for every infoset the walk met, with its legal actions, summing
 *       to 1;</li>
 *   <li>written as a Gambit {@code .efg} file and read back, the tree is the same game node for node.</li>
 * </ul>
 * Each violation is an {@link AssertionError} naming the history where it occurred.
 */
public final class GameConformance {

    private final Game game;
    private final Options options;
    private final Map<String, InfosetRecord> infosets = new HashMap<>();
    private long visited;

    /** How much of the game to walk. */
    public record Options(long exhaustiveNodeLimit, int randomPlayouts, long seed, double tolerance) {
        public static Options defaults() {
            return new Options(200_000, 500, 20261201L, 1e-9);
        }
    }

    /** What a walk found; {@code treeChecked} when the compiled tree was checked against it (exhaustive walks). */
    public record Report(long nodesVisited, int infosetsSeen, boolean exhaustive, boolean treeChecked) { }

    private record InfosetRecord(int player, int[] actions, String ownHistory, String exampleHistory) { }

    private GameConformance(Game game, Options options) {
        this.game = Objects.requireNonNull(game, "game");
        this.options = options;
    }

    /** Checks {@code game} with default options. */
    public static Report check(Game game) {
        return check(game, Options.defaults());
    }

    public static Report check(Game game, Options options) {
        return new GameConformance(game, options).run();
    }

    private Report run() {
        if (game.numPlayers() < 1) {
            throw new AssertionError("numPlayers must be at least 1, got " + game.numPlayers());
        }
        if (!(game.minUtility() <= game.maxUtility())) {
            throw new AssertionError("minUtility " + game.minUtility() + " exceeds maxUtility " + game.maxUtility());
        }
        double[] uniformValues;
        try {
            uniformValues = walk(game.initialState(), "", new String[game.numPlayers()]);
        } catch (BudgetExceeded e) {
            uniformValues = null;
        }
        SplittableRandom random = new SplittableRandom(options.seed());
        for (int i = 0; i < options.randomPlayouts(); i++) {
            playout(random);
        }
        if (uniformValues != null) {
            checkTree(uniformValues);
        }
        return new Report(visited, infosets.size(), uniformValues != null, uniformValues != null);
    }

    /** The compiled tree against the walk: sizes, uniform-policy values, the uniform policy, an .efg round trip. */
    private void checkTree(double[] walked) {
        GameTree tree = GameTree.compile(game);
        String at = " (game '" + game.name() + "')";
        if (tree.numNodes() != visited || tree.numInfosets() != infosets.size()) {
            throw new AssertionError("the compiled tree has " + tree.numNodes() + " nodes and " + tree.numInfosets()
                    + " infosets, the walk met " + visited + " histories and " + infosets.size() + " infosets" + at);
        }
        double[] compiled = uniformValues(tree);
        for (int p = 0; p < walked.length; p++) {
            double scale = Math.max(1, Math.abs(walked[p]));
            if (Math.abs(compiled[p] - walked[p]) > options.tolerance() * scale) {
                throw new AssertionError("player " + p + "'s uniform-policy value is " + compiled[p]
                        + " on the compiled tree but " + walked[p] + " by walking the states" + at);
            }
        }
        TabularPolicy uniform = TabularPolicy.uniform(tree);
        for (Map.Entry<String, InfosetRecord> e : infosets.entrySet()) {
            TabularPolicy.Row row = uniform.rows().get(e.getKey());
            if (row == null || !Arrays.equals(row.actions(), e.getValue().actions())) {
                throw new AssertionError("the uniform policy has no row with the legal actions "
                        + Arrays.toString(e.getValue().actions()) + " for infoset '" + e.getKey() + "'" + at);
            }
            double total = Arrays.stream(uniform.actionProbabilities(e.getKey(), row.actions())).sum();
            if (Math.abs(total - 1) > options.tolerance()) {
                throw new AssertionError("the uniform policy's row for '" + e.getKey() + "' sums to " + total + at);
            }
        }
        GameTree back = GameTree.compile(Efg.parse(Efg.write(tree), game.name() + ".efg"));
        SameGame.assertSameGame(tree, back);
    }

    /** Every player's expected return under the uniform policy, by one backward pass over the tree's arrays. */
    private static double[] uniformValues(GameTree tree) {
        int n = tree.numPlayers();
        double[][] value = new double[tree.numNodes()][];
        // children are numbered after their parents, so a reverse sweep sees every child first
        for (int node = tree.numNodes() - 1; node >= 0; node--) {
            double[] v = new double[n];
            int k = tree.childCount(node);
            for (int c = tree.firstChild(node); c < tree.firstChild(node) + k; c++) {
                double weight = tree.player(node) == GameTree.CHANCE ? tree.chanceProbability(c) : 1.0 / k;
                for (int p = 0; p < n; p++) {
                    v[p] += weight * value[c][p];
                }
            }
            if (k == 0) {
                for (int p = 0; p < n; p++) {
                    v[p] = tree.utility(node, p);
                }
            }
            value[node] = v;
        }
        return value[0];
    }

    private static final class BudgetExceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BudgetExceeded() {
            super(null, null, false, false);
        }
    }

    /**
     * Depth-first walk; {@code own[p]} is player p's own sequence of (infoset, action) so far. Returns every
     * player's expected return below {@code state} under the uniform policy.
     */
    private double[] walk(State state, String history, String[] own) {
        if (++visited > options.exhaustiveNodeLimit()) {
            throw new BudgetExceeded();
        }
        int[] actions = checkNode(state, history, own);
        if (actions.length == 0) {
            return state.returns().clone();
        }
        double[] value = new double[game.numPlayers()];
        List<ChanceOutcome> outcomes = state.isChance() ? state.chanceOutcomes() : List.of();
        for (int i = 0; i < actions.length; i++) {
            int a = actions[i];
            State child = state.child(a);
            String[] childOwn = extend(state, a, own);
            double[] below = walk(child, history + "/" + state.actionLabel(a), childOwn);
            double weight = state.isChance() ? outcomes.get(i).probability() : 1.0 / actions.length;
            for (int p = 0; p < value.length; p++) {
                value[p] += weight * below[p];
            }
        }
        return value;
    }

    private void playout(SplittableRandom random) {
        State state = game.initialState();
        String history = "";
        String[] own = new String[game.numPlayers()];
        int steps = 0;
        while (true) {
            int[] actions = checkNode(state, history, own);
            if (actions.length == 0) {
                return;
            }
            int a;
            if (state.isChance()) {
                a = sampleChance(state.chanceOutcomes(), random);
            } else {
                a = actions[random.nextInt(actions.length)];
            }
            own = extend(state, a, own);
            history = history + "/" + state.actionLabel(a);
            state = state.child(a);
            if (++steps > 100_000) {
                throw new AssertionError("playout longer than 100000 steps at " + history);
            }
        }
    }

    private static int sampleChance(List<ChanceOutcome> outcomes, SplittableRandom random) {
        double u = random.nextDouble();
        double c = 0;
        for (ChanceOutcome o : outcomes) {
            c += o.probability();
            if (u < c) {
                return o.action();
            }
        }
        return outcomes.get(outcomes.size() - 1).action();
    }

    private String[] extend(State state, int action, String[] own) {
        int p = state.currentPlayer();
        if (p < 0) {
            return own;
        }
        String[] next = own.clone();
        next[p] = (own[p] == null ? "" : own[p]) + "[" + state.infoStateKey(p) + "]" + action + ";";
        return next;
    }

    /** Checks one node and returns the actions to follow (none at a terminal). */
    private int[] checkNode(State state, String history, String[] own) {
        int n = game.numPlayers();
        int p = state.currentPlayer();
        String at = " at history '" + history + "'";
        double[] returns = state.returns();
        if (returns == null || returns.length != n) {
            throw new AssertionError("returns() must have one entry per player" + at);
        }
        if (p == State.TERMINAL) {
            if (!state.isTerminal() || state.isChance()) {
                throw new AssertionError("isTerminal()/isChance() disagree with currentPlayer()" + at);
            }
            if (state.legalActions().length != 0) {
                throw new AssertionError("a terminal has legal actions" + at);
            }
            double sum = 0;
            for (double r : returns) {
                if (!(r >= game.minUtility() - options.tolerance() && r <= game.maxUtility() + options.tolerance())) {
                    throw new AssertionError("return " + r + " outside [" + game.minUtility() + ", "
                            + game.maxUtility() + "]" + at);
                }
                sum += r;
            }
            if (game.type().utility() == GameType.Utility.ZERO_SUM && Math.abs(sum) > options.tolerance()) {
                throw new AssertionError("returns of a zero-sum game sum to " + sum + at);
            }
            return new int[0];
        }
        for (double r : returns) {
            if (r != 0.0) {
                throw new AssertionError("non-zero returns " + Arrays.toString(returns) + " before a terminal" + at);
            }
        }
        if (p == State.CHANCE) {
            if (!state.isChance()) {
                throw new AssertionError("isChance() false at a chance node" + at);
            }
            List<ChanceOutcome> outcomes = state.chanceOutcomes();
            if (outcomes.isEmpty()) {
                throw new AssertionError("chance node without outcomes" + at);
            }
            double total = 0;
            int[] actions = new int[outcomes.size()];
            for (int i = 0; i < actions.length; i++) {
                total += outcomes.get(i).probability();
                actions[i] = outcomes.get(i).action();
            }
            if (Math.abs(total - 1.0) > options.tolerance()) {
                throw new AssertionError("chance probabilities sum to " + total + at);
            }
            checkDistinct(actions, at);
            checkImmutable(state, actions, at);
            return actions;
        }
        if (p < 0 || p >= n) {
            throw new AssertionError("current player " + p + " out of range" + at);
        }
        if (!state.chanceOutcomes().isEmpty()) {
            throw new AssertionError("decision node lists chance outcomes" + at);
        }
        int[] actions = state.legalActions();
        if (actions.length == 0) {
            throw new AssertionError("decision node of player " + p + " has no legal actions" + at);
        }
        checkDistinct(actions, at);
        for (int i = 1; i < actions.length; i++) {
            if (actions[i] <= actions[i - 1]) {
                throw new AssertionError("legal actions not ascending: " + Arrays.toString(actions) + at);
            }
        }
        for (int a : actions) {
            String label = state.actionLabel(a);
            if (label == null || label.isEmpty()) {
                throw new AssertionError("action " + a + " has no label" + at);
            }
        }
        String key = state.infoStateKey(p);
        if (key == null) {
            throw new AssertionError("null infoset key" + at);
        }
        String ownHistory = own[p] == null ? "" : own[p];
        InfosetRecord seen = infosets.putIfAbsent(key, new InfosetRecord(p, actions, ownHistory, history));
        if (seen != null) {
            if (seen.player() != p) {
                throw new AssertionError("infoset '" + key + "' belongs to players " + seen.player() + " and " + p
                        + " (histories '" + seen.exampleHistory() + "' and '" + history + "')");
            }
            if (!Arrays.equals(seen.actions(), actions)) {
                throw new AssertionError("infoset '" + key + "' has legal actions " + Arrays.toString(seen.actions())
                        + " and " + Arrays.toString(actions) + at);
            }
            if (!seen.ownHistory().equals(ownHistory)) {
                throw new AssertionError("perfect recall violated for player " + p + ": infoset '" + key
                        + "' is reached with own histories '" + seen.ownHistory() + "' (at '" + seen.exampleHistory()
                        + "') and '" + ownHistory + "' (at '" + history + "')");
            }
        }
        checkImmutable(state, actions, at);
        return actions;
    }

    private static void checkDistinct(int[] actions, String at) {
        int[] sorted = actions.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw new AssertionError("duplicate action " + sorted[i] + at);
            }
        }
    }

    private void checkImmutable(State state, int[] actions, String at) {
        int player = state.currentPlayer();
        List<String> keys = new ArrayList<>();
        for (int q = 0; q < game.numPlayers(); q++) {
            keys.add(state.infoStateKey(q));
        }
        state.child(actions[actions.length - 1]);
        if (state.currentPlayer() != player || !Arrays.equals(state.legalActions(), actions)) {
            throw new AssertionError("child(action) changed its parent state" + at);
        }
        for (int q = 0; q < game.numPlayers(); q++) {
            if (!Objects.equals(keys.get(q), state.infoStateKey(q))) {
                throw new AssertionError("child(action) changed the parent's infoset key for player " + q + at);
            }
        }
    }
}
