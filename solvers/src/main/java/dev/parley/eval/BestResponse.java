package dev.parley.eval;

import dev.parley.game.GameTree;
import java.util.Arrays;

/**
 * Exact best responses on a {@link GameTree}. For player {@code p} against a fixed profile, the best action at an
 * infoset maximises the sum over its histories of (others' reach, chance included) x (value of the child), where
 * values below already use the best response. Memoised per node and per infoset, so one call is linear in the tree.
 * Ties go to the first action, as in OpenSpiel.
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
    private final int[] infoset;
    private final int[] edgeSlot;
    private final int[] slotStart;
    private final int[] infosetPlayer;
    private final int[] memberStart;
    private final int[] members;
    private final double[] chance;
    private final double[] utilities;

    private final double[] reachOthers;
    private final double[] value;
    private final boolean[] known;
    private final int[] bestAction;
    private final double[] q;
    /** Scratch stack of the iterative walk, from {@link #stackTop} up (nested walks stack above their caller). */
    private int[] stack;
    private int stackTop;

    private double[] policy;
    private int responder;
    /** Top of the stack of action-value scratch regions in {@link #q} (best() nests along a path). */
    private int qTop;

    public BestResponse(GameTree tree) {
        this.tree = tree;
        this.numPlayers = tree.numPlayers();
        this.player = tree.players();
        this.firstChild = tree.firstChildren();
        this.childCount = tree.childCounts();
        this.infoset = tree.infosets();
        this.edgeSlot = tree.edgeSlots();
        this.slotStart = tree.slotStarts();
        this.infosetPlayer = tree.infosetPlayers();
        this.memberStart = tree.infosetNodeStarts();
        this.members = tree.infosetNodeList();
        this.chance = tree.chanceProbabilities();
        this.utilities = tree.utilities();
        int n = tree.numNodes();
        this.reachOthers = new double[n];
        this.value = new double[n];
        this.known = new boolean[n];
        this.stack = new int[Math.max(16, n)];
        this.bestAction = new int[tree.numInfosets()];
        int maxActions = 1;
        for (int i = 0; i < tree.numInfosets(); i++) {
            maxActions = Math.max(maxActions, tree.actionCount(i));
        }
        this.q = new double[maxActions * Math.max(1, depthBound(tree))];
    }

    private static int depthBound(GameTree tree) {
        int d = 0;
        for (int node = 0; node < tree.numNodes(); node++) {
            d = Math.max(d, tree.depth(node));
        }
        return d + 1;
    }

    /** Best response of {@code p} to {@code slotPolicy} (see {@link GameTree} for slots). */
    public static Result compute(GameTree tree, double[] slotPolicy, int p) {
        return new BestResponse(tree).response(slotPolicy, p);
    }

    /** The best-response value of {@code p} against {@code slotPolicy}. */
    public double value(double[] slotPolicy, int p) {
        solve(slotPolicy, p);
        return value[0];
    }

    /** The best response of {@code p} against {@code slotPolicy}, with its value and policy. */
    public Result response(double[] slotPolicy, int p) {
        solve(slotPolicy, p);
        double[] result = slotPolicy.clone();
        for (int i = 0; i < infosetPlayer.length; i++) {
            if (infosetPlayer[i] != p) {
                continue;
            }
            int best = bestAction[i] >= 0 ? bestAction[i] : 0; // unreached infosets: any action is a best response
            for (int s = slotStart[i]; s < slotStart[i + 1]; s++) {
                result[s] = s - slotStart[i] == best ? 1.0 : 0.0;
            }
        }
        return new Result(p, value[0], result);
    }

    private void solve(double[] slotPolicy, int p) {
        TreePolicies.requireSlots(tree, slotPolicy);
        if (p < 0 || p >= numPlayers) {
            throw new IllegalArgumentException("player " + p + " out of range");
        }
        this.policy = slotPolicy;
        this.responder = p;
        // Others' reach, top-down.
        reachOthers[0] = 1.0;
        int n = player.length;
        for (int node = 0; node < n; node++) {
            int pl = player[node];
            if (pl == GameTree.TERMINAL) {
                continue;
            }
            double r = reachOthers[node];
            for (int c = firstChild[node], end = c + childCount[node]; c < end; c++) {
                reachOthers[c] = pl == GameTree.CHANCE ? r * chance[c] : pl == p ? r : r * slotPolicy[edgeSlot[c]];
            }
        }
        Arrays.fill(known, false);
        Arrays.fill(bestAction, -1);
        qTop = 0;
        stackTop = 0;
        // Deepest infosets first: with perfect recall an infoset's successors are numbered after it (infosets are
        // numbered in depth-first order of first visit), so every value below its members is final when it is
        // decided. No recursion along a path: a tree may be far deeper than the call stack.
        for (int is = infosetPlayer.length - 1; is >= 0; is--) {
            if (infosetPlayer[is] == p) {
                best(is);
            }
        }
        evaluate(0);
    }

    /**
     * The value of {@code root} for the responder, by an iterative post-order walk of its unvalued subtree (the
     * responder follows its decided best actions; children the profile never plays are left out).
     */
    private double evaluate(int root) {
        final int bottom = stackTop;
        int top = bottom;
        stack = ensure(stack, top + 1);
        stack[top++] = root;
        while (top > bottom) {
            int node = stack[top - 1];
            if (known[node]) {
                top--;
                continue;
            }
            int pl = player[node];
            if (pl == GameTree.TERMINAL) {
                value[node] = utilities[node * numPlayers + responder];
                known[node] = true;
                top--;
            } else if (pl == responder) {
                stackTop = top; // a nested walk (imperfect recall only) stacks above this one
                int c = firstChild[node] + best(infoset[node]);
                stackTop = bottom;
                if (known[c]) {
                    value[node] = value[c];
                    known[node] = true;
                    top--;
                } else {
                    stack = ensure(stack, top + 1);
                    stack[top++] = c;
                }
            } else {
                int pending = -1;
                for (int c = firstChild[node], end = c + childCount[node]; c < end; c++) {
                    if (!known[c] && probability(pl, c) > 0) {
                        pending = c;
                        break;
                    }
                }
                if (pending >= 0) {
                    stack = ensure(stack, top + 1);
                    stack[top++] = pending;
                    continue;
                }
                double v = 0.0;
                for (int c = firstChild[node], end = c + childCount[node]; c < end; c++) {
                    double pr = probability(pl, c);
                    if (pr > 0) {
                        v += pr * value[c];
                    }
                }
                value[node] = v;
                known[node] = true;
                top--;
            }
        }
        return value[root];
    }

    private static int[] ensure(int[] a, int size) {
        return size <= a.length ? a : Arrays.copyOf(a, Math.max(size, 2 * a.length));
    }

    private double probability(int pl, int child) {
        return pl == GameTree.CHANCE ? chance[child] : policy[edgeSlot[child]];
    }

    private int best(int is) {
        if (bestAction[is] >= 0) {
            return bestAction[is];
        }
        int k = slotStart[is + 1] - slotStart[is];
        // Counterfactual action values summed over the infoset's histories. Nests only in games without perfect
        // recall (an infoset reached below one numbered after it), hence the stack of scratch regions.
        final int base = qTop;
        qTop += k;
        Arrays.fill(q, base, base + k, 0.0);
        for (int m = memberStart[is]; m < memberStart[is + 1]; m++) {
            int h = members[m];
            double w = reachOthers[h];
            if (w == 0.0) {
                continue; // contributes nothing
            }
            int c0 = firstChild[h];
            for (int a = 0; a < k; a++) {
                q[base + a] += w * evaluate(c0 + a);
            }
        }
        int best = 0;
        for (int a = 1; a < k; a++) {
            if (q[base + a] > q[base + best]) {
                best = a;
            }
        }
        qTop = base;
        bestAction[is] = best;
        return best;
    }
}
