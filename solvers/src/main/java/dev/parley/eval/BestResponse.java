package dev.parley.eval;

import dev.parley.game.GameTree;
import dev.parley.game.UnsupportedGameException;

/**
 * Exact best responses on a {@link GameTree}. For player {@code p} against a fixed profile, the best action at an
 * infoset maximises the sum over its histories of (others' reach, chance included) × (value of the child), where
 * values below already use the best response. Ties go to the first action, as in OpenSpiel.
 *
 * <p>One call is two flat passes over arrays: the others' reach top-down, then the values bottom-up in an order
 * planned once per player, where an infoset of the responder is one step that decides it for all its histories
 * after everything below them (with perfect recall such an order exists; without it a step could wait on itself,
 * and the game is refused). No recursion, so a tree may be far deeper than the call stack, and no allocation after
 * the first call for a player.
 *
 * <p>An instance reuses its scratch arrays: create one per thread.
 */
public final class BestResponse {

    /**
     * A best response.
     *
     * @param player     the responding player
     * @param value      its expected return when it best-responds and everyone else follows the profile
     * @param slotPolicy the pure best response at the player's infosets (1 on the chosen action), the profile's
     *                   policy at everyone else's
     */
    public record Result(int player, double value, double[] slotPolicy) {
        public Result {
            slotPolicy = slotPolicy.clone();
        }

        @Override
        public double[] slotPolicy() {
            return slotPolicy.clone();
        }
    }

    private final GameTree tree;
    private final int numPlayers;
    private final int[] player;
    private final int[] firstChild;
    private final int[] childCount;
    private final int[] edgeSlot;
    private final int[] slotStart;
    private final int[] infosetPlayer;
    private final int[] memberStart;
    private final int[] members;
    private final double[] chance;
    /** Non-terminal nodes in ascending order (the top-down pass). */
    private final int[] internal;

    /** {@code plans[p]}: p's bottom-up steps, a node {@code k >= 0} or an infoset {@code -1 - i} of p; lazily made. */
    private final int[][] plans;
    /** {@code values[p]}: p's value per node; terminals hold p's payoffs and never change. */
    private final double[][] values;
    private final double[] reachOthers;
    private final int[] bestAction;
    private final double[] q;

    public BestResponse(GameTree tree) {
        this.tree = tree;
        this.numPlayers = tree.numPlayers();
        this.player = tree.players();
        this.firstChild = tree.firstChildren();
        this.childCount = tree.childCounts();
        this.edgeSlot = tree.edgeSlots();
        this.slotStart = tree.slotStarts();
        this.infosetPlayer = tree.infosetPlayers();
        this.memberStart = tree.infosetNodeStarts();
        this.members = tree.infosetNodeList();
        this.chance = tree.chanceProbabilities();
        int n = tree.numNodes();
        int count = 0;
        for (int node = 0; node < n; node++) {
            if (player[node] != GameTree.TERMINAL) {
                count++;
            }
        }
        this.internal = new int[count];
        for (int node = 0, k = 0; node < n; node++) {
            if (player[node] != GameTree.TERMINAL) {
                internal[k++] = node;
            }
        }
        this.plans = new int[numPlayers][];
        this.values = new double[numPlayers][];
        this.reachOthers = new double[n];
        this.bestAction = new int[tree.numInfosets()];
        int maxActions = 1;
        for (int i = 0; i < tree.numInfosets(); i++) {
            maxActions = Math.max(maxActions, tree.actionCount(i));
        }
        this.q = new double[maxActions];
    }

    /** Best response of {@code p} to {@code slotPolicy} (see {@link GameTree} for slots). */
    public static Result compute(GameTree tree, double[] slotPolicy, int p) {
        return new BestResponse(tree).response(slotPolicy, p);
    }

    /** The best-response value of {@code p} against {@code slotPolicy}. */
    public double value(double[] slotPolicy, int p) {
        return solve(slotPolicy, p);
    }

    /** The best response of {@code p} against {@code slotPolicy}, with its value and policy. */
    public Result response(double[] slotPolicy, int p) {
        double value = solve(slotPolicy, p);
        double[] result = slotPolicy.clone();
        for (int i = 0; i < infosetPlayer.length; i++) {
            if (infosetPlayer[i] != p) {
                continue;
            }
            for (int s = slotStart[i]; s < slotStart[i + 1]; s++) {
                result[s] = s - slotStart[i] == bestAction[i] ? 1.0 : 0.0;
            }
        }
        return new Result(p, value, result);
    }

    private double solve(double[] slotPolicy, int p) {
        TreePolicies.requireSlots(tree, slotPolicy);
        if (p < 0 || p >= numPlayers) {
            throw new IllegalArgumentException("player " + p + " out of range");
        }
        if (plans[p] == null) {
            plans[p] = plan(p);
            double[] v = new double[player.length];
            for (int node = 0; node < v.length; node++) {
                v[node] = tree.utility(node, p);
            }
            values[p] = v;
        }
        // Others' reach, top-down.
        final double[] reach = reachOthers;
        reach[0] = 1.0;
        for (int node : internal) {
            int pl = player[node];
            double r = reach[node];
            int c = firstChild[node];
            int end = c + childCount[node];
            if (pl == GameTree.CHANCE) {
                for (; c < end; c++) {
                    reach[c] = r * chance[c];
                }
            } else if (pl == p) {
                for (; c < end; c++) {
                    reach[c] = r;
                }
            } else {
                for (; c < end; c++) {
                    reach[c] = r * slotPolicy[edgeSlot[c]];
                }
            }
        }
        // Values bottom-up: children the profile never plays are left out of a sum.
        final double[] v = values[p];
        for (int step : plans[p]) {
            if (step < 0) {
                decide(-1 - step, v);
                continue;
            }
            int pl = player[step];
            int c = firstChild[step];
            int end = c + childCount[step];
            double value = 0.0;
            if (pl == GameTree.CHANCE) {
                for (; c < end; c++) {
                    double pr = chance[c];
                    if (pr > 0) {
                        value += pr * v[c];
                    }
                }
            } else {
                for (; c < end; c++) {
                    double pr = slotPolicy[edgeSlot[c]];
                    if (pr > 0) {
                        value += pr * v[c];
                    }
                }
            }
            v[step] = value;
        }
        return v[0];
    }

    /**
     * Decides infoset {@code is}: counterfactual action values summed over its histories in order, the first best
     * action, and that action's value at each history.
     */
    private void decide(int is, double[] v) {
        int k = slotStart[is + 1] - slotStart[is];
        final double[] q = this.q;
        for (int a = 0; a < k; a++) {
            q[a] = 0.0;
        }
        for (int m = memberStart[is]; m < memberStart[is + 1]; m++) {
            int h = members[m];
            double w = reachOthers[h];
            if (w == 0.0) {
                continue; // contributes nothing
            }
            int c0 = firstChild[h];
            for (int a = 0; a < k; a++) {
                q[a] += w * v[c0 + a];
            }
        }
        int best = 0;
        for (int a = 1; a < k; a++) {
            if (q[a] > q[best]) {
                best = a;
            }
        }
        bestAction[is] = best;
        for (int m = memberStart[is]; m < memberStart[is + 1]; m++) {
            int h = members[m];
            v[h] = v[firstChild[h] + best];
        }
    }

    /**
     * A bottom-up order of p's steps (Kahn's algorithm): a step is ready once every non-terminal child of its
     * node, or of each history of its infoset, is done.
     */
    private int[] plan(int p) {
        int n = player.length;
        int numInfosets = infosetPlayer.length;
        int[] infoset = tree.infosets();
        int[] parent = tree.parents();
        // Step ids: a node's own id, or n + infoset for p's infosets.
        int[] pending = new int[n + numInfosets];
        for (int node : internal) {
            for (int c = firstChild[node], end = c + childCount[node]; c < end; c++) {
                if (player[c] != GameTree.TERMINAL) {
                    pending[stepOf(node, p, infoset, n)]++;
                }
            }
        }
        int steps = internal.length;
        for (int i = 0; i < numInfosets; i++) {
            if (infosetPlayer[i] == p) {
                steps -= memberStart[i + 1] - memberStart[i] - 1;
            }
        }
        int[] ready = new int[steps];
        int head = 0;
        int tail = 0;
        for (int node : internal) {
            int id = stepOf(node, p, infoset, n);
            // An infoset is queued once, at its first history.
            if (pending[id] == 0 && (id < n || members[memberStart[id - n]] == node)) {
                ready[tail++] = id;
            }
        }
        int[] plan = new int[steps];
        while (head < tail) {
            int id = ready[head];
            plan[head++] = id < n ? id : -1 - (id - n);
            int from = id < n ? 0 : memberStart[id - n];
            int to = id < n ? 1 : memberStart[id - n + 1];
            for (int m = from; m < to; m++) {
                int node = id < n ? id : members[m];
                int up = parent[node];
                if (up >= 0) {
                    int parentId = stepOf(up, p, infoset, n);
                    if (--pending[parentId] == 0) {
                        ready[tail++] = parentId;
                    }
                }
            }
        }
        if (head < steps) {
            throw new UnsupportedGameException("best response cannot solve '" + tree.name()
                    + "': it lacks perfect recall (an infoset of player " + p + " is reached below itself)");
        }
        return plan;
    }

    private int stepOf(int node, int p, int[] infoset, int n) {
        return player[node] == p ? n + infoset[node] : node;
    }
}
