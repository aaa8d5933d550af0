package dev.parley.cfr;

import dev.parley.game.GameRequirements;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.TabularPolicy;
import java.util.Arrays;
import java.util.Objects;

/**
 * Full-tree CFR and its variants on a {@link GameTree}, with alternating updates as in OpenSpiel's
 * {@code CFRSolver}: for each player in turn, a bottom-up pass computes the player's counterfactual values and
 * accumulates its regrets and average policy, regret matching refreshes that player's current policy, and a
 * top-down pass recomputes that player's reach for the next player's traversal.
 *
 * <p>The arithmetic follows OpenSpiel's recursion step for step, so that results agree to the last bit where the
 * algorithm is sensitive to rounding (regrets that tie exactly, see {@link CfrArithmetic}): every player's reach is
 * the product of its own action probabilities along the path, chance's the product of chance probabilities; the
 * counterfactual reach is the product of the other players' reaches in player order, times chance's; a node's value
 * sums probability × child value in action order; regrets are added history by history in the order of a
 * depth-first traversal. A test checks the regrets bit for bit against a literal transcription of OpenSpiel's
 * recursion.
 *
 * <p>Both passes are flat loops over precomputed arrays, so an iteration allocates nothing. Subtrees that the other
 * players and chance reach with probability zero are skipped: every regret there would be multiplied by zero and
 * every value there is weighted by a zero probability above it, so the results are unchanged (up to reaches that
 * underflow below the double range, where the skipped values weigh less than 1e-308). The average policy is
 * accumulated per infoset rather than per history: with perfect recall a player's own reach is the same at every
 * history of an infoset, so OpenSpiel's per-history sum is the infoset's own reach times its number of histories
 * (936 infosets instead of 3780 histories on Leduc); this changes the average in its last bits only, never the
 * iteration. Not thread-safe.
 */
public final class CfrSolver implements IterativeSolver {

    /** Discounted CFR's parameters (Brown and Sandholm 2019, the recommended setting). */
    public static final double DCFR_ALPHA = 1.5;
    public static final double DCFR_BETA = 0.0;
    public static final double DCFR_GAMMA = 2.0;

    private final GameTree tree;
    private final CfrVariant variant;
    private final boolean fused;
    private final int numPlayers;

    // Tree structure, copied once.
    private final int[] player;
    private final int[] firstChild;
    private final int[] childCount;
    /** First slot of each node's infoset, -1 at chance nodes and terminals. */
    private final int[] slotBase;
    private final double[] chanceProbability;
    private final int[] slotStart;
    private final int[] actionCount;
    private final int[] infosetPlayer;
    /** The slot of the player's last own action before each infoset (-1 if none): own reach is a product of these. */
    private final int[] parentSlot;
    /** The infoset owning {@link #parentSlot}; numbered before its children (infosets are numbered top-down). */
    private final int[] parentInfoset;
    /** Number of histories in each infoset. */
    private final double[] infosetSize;
    /** Non-terminal nodes in ascending order (parents first: the top-down pass). */
    private final int[] internal;
    /** {@code ownNodesDepthFirst[p]}: player p's decision nodes in depth-first order (the order regrets are added). */
    private final int[][] ownNodesDepthFirst;
    /** Edges into non-terminal children, grouped by parent in {@link #internal} order (for the top-down pass). */
    private final int[] forwardEdgeStart;
    private final int[] forwardEdgeChild;
    private final int[] forwardEdgeSlot;
    /** Chance's reach at each node: the product of chance probabilities from the root, fixed. */
    private final double[] chanceReach;
    /** {@code reach[q]}: player q's own reach at each non-terminal node, for q's current policy. */
    private final double[][] reach;
    /** {@code values[p]}: player p's value per node; terminals hold the payoffs and never change. */
    private final double[][] values;

    // Per-slot solver state.
    private final double[] regret;
    private final double[] cumulativePolicy;
    private final double[] current;

    // Scratch.
    private final double[] ownReach;
    /** At each child of the updating player's nodes: its value minus the node's (this iteration's advantage). */
    private final double[] advantage;
    /** At each of the updating player's nodes: counterfactual reach × regret weight, 0 where skipped. */
    private final double[] regretWeightAt;

    private int iteration;

    /** A solver with {@link CfrArithmetic#STRICT} arithmetic. */
    public CfrSolver(GameTree tree, CfrVariant variant) {
        this(tree, variant, CfrArithmetic.STRICT);
    }

    public CfrSolver(GameTree tree, CfrVariant variant, CfrArithmetic arithmetic) {
        this.tree = Objects.requireNonNull(tree, "tree");
        this.variant = Objects.requireNonNull(variant, "variant");
        GameRequirements.requireSequentialPerfectRecall(variant.title(), tree);
        this.fused = Objects.requireNonNull(arithmetic, "arithmetic") == CfrArithmetic.FUSED;
        this.numPlayers = tree.numPlayers();
        this.player = tree.players();
        this.firstChild = tree.firstChildren();
        this.childCount = tree.childCounts();
        int[] infoset = tree.infosets();
        this.chanceProbability = tree.chanceProbabilities();
        this.slotStart = tree.slotStarts();
        this.actionCount = tree.actionCounts();
        this.infosetPlayer = tree.infosetPlayers();
        int n = tree.numNodes();
        this.internal = java.util.stream.IntStream.range(0, n).filter(i -> player[i] != GameTree.TERMINAL).toArray();
        int[] postOrder = postOrder(internal.length);
        this.ownNodesDepthFirst = new int[numPlayers][];
        for (int q = 0; q < numPlayers; q++) {
            final int who = q;
            ownNodesDepthFirst[q] = java.util.Arrays.stream(postOrder).filter(node -> player[node] == who).toArray();
        }
        this.advantage = new double[n];
        this.regretWeightAt = new double[n];
        this.values = new double[numPlayers][n];
        for (int node = 0; node < n; node++) {
            if (player[node] == GameTree.TERMINAL) {
                for (int p = 0; p < numPlayers; p++) {
                    values[p][node] = tree.utility(node, p);
                }
            }
        }
        int slots = tree.numSlots();
        this.regret = new double[slots];
        this.cumulativePolicy = new double[slots];
        this.current = new double[slots];
        for (int i = 0; i < tree.numInfosets(); i++) {
            Arrays.fill(current, slotStart[i], slotStart[i + 1], 1.0 / actionCount[i]);
        }
        this.slotBase = new int[n];
        for (int node = 0; node < n; node++) {
            slotBase[node] = infoset[node] >= 0 ? slotStart[infoset[node]] : -1;
        }
        int[] parent = tree.parents();
        int[] edgeSlot = tree.edgeSlots();
        int[] memberStart = tree.infosetNodeStarts();
        int[] members = tree.infosetNodeList();
        int numInfosets = tree.numInfosets();
        this.parentSlot = new int[numInfosets];
        this.parentInfoset = new int[numInfosets];
        this.infosetSize = new double[numInfosets];
        for (int i = 0; i < numInfosets; i++) {
            infosetSize[i] = memberStart[i + 1] - memberStart[i];
            int p = infosetPlayer[i];
            int c = members[memberStart[i]];
            parentSlot[i] = -1;
            while (parent[c] >= 0) {
                if (player[parent[c]] == p) {
                    parentSlot[i] = edgeSlot[c];
                    parentInfoset[i] = infoset[parent[c]];
                    break;
                }
                c = parent[c];
            }
        }
        this.ownReach = new double[numInfosets];
        this.forwardEdgeStart = new int[internal.length + 1];
        int edges = 0;
        for (int idx = 0; idx < internal.length; idx++) {
            int node = internal[idx];
            for (int c = firstChild[node]; c < firstChild[node] + childCount[node]; c++) {
                if (player[c] != GameTree.TERMINAL) {
                    edges++;
                }
            }
            forwardEdgeStart[idx + 1] = edges;
        }
        this.forwardEdgeChild = new int[edges];
        this.forwardEdgeSlot = new int[edges];
        int e = 0;
        for (int node : internal) {
            for (int c = firstChild[node]; c < firstChild[node] + childCount[node]; c++) {
                if (player[c] != GameTree.TERMINAL) {
                    forwardEdgeChild[e] = c;
                    forwardEdgeSlot[e] = edgeSlot[c];
                    e++;
                }
            }
        }
        this.chanceReach = new double[n];
        chanceReach[0] = 1.0;
        for (int node : internal) {
            for (int c = firstChild[node]; c < firstChild[node] + childCount[node]; c++) {
                chanceReach[c] = player[node] == GameTree.CHANCE ? chanceReach[node] * chanceProbability[c]
                        : chanceReach[node];
            }
        }
        this.reach = new double[numPlayers][n];
        for (int q = 0; q < numPlayers; q++) {
            forward(q);
        }
    }

    /**
     * The non-terminal nodes in depth-first post-order, iteratively (trees may be far deeper than the stack). Two
     * nodes of one infoset are never ancestor and descendant, so for them post-order is also OpenSpiel's visiting
     * order.
     */
    private int[] postOrder(int count) {
        int[] order = new int[count];
        if (count == 0) {
            return order;
        }
        int n = player.length;
        int[] stack = new int[n];
        int[] next = new int[n];
        int top = 0;
        int k = 0;
        stack[top++] = 0;
        next[0] = firstChild[0];
        while (top > 0) {
            int node = stack[top - 1];
            int end = firstChild[node] + childCount[node];
            while (next[node] < end && player[next[node]] == GameTree.TERMINAL) {
                next[node]++;
            }
            if (next[node] < end) {
                int c = next[node]++;
                next[c] = firstChild[c];
                stack[top++] = c;
            } else {
                order[k++] = node;
                top--;
            }
        }
        return order;
    }

    public GameTree tree() {
        return tree;
    }

    public CfrVariant variant() {
        return variant;
    }

    /** Number of completed iterations. */
    @Override
    public int iterations() {
        return iteration;
    }

    /** Runs {@code count} iterations. */
    @Override
    public void run(int count) {
        for (int i = 0; i < count; i++) {
            iterate();
        }
    }

    /** One iteration: a traversal and policy update for each player in turn. */
    @Override
    public void iterate() {
        iteration++;
        double avgWeight = switch (variant) {
            case CFR -> 1.0;
            case CFR_PLUS, LINEAR -> iteration;
            case DCFR -> 1.0;
        };
        double regretWeight = variant == CfrVariant.LINEAR ? iteration : 1.0;
        for (int p = 0; p < numPlayers; p++) {
            if (variant == CfrVariant.DCFR) {
                // Weights the average by t^gamma: shrink what came before by ((t-1)/t)^gamma, then add.
                discountAverage(p, Math.pow((iteration - 1.0) / iteration, DCFR_GAMMA));
            }
            backward(p, regretWeight);
            addRegrets(p);
            accumulateAverage(p, avgWeight);
            postUpdate(p);
            forward(p);
        }
    }

    /**
     * Top-down: player q's own reach at every non-terminal node for q's current policy (terminals need none). Walks
     * the precomputed edges into non-terminal children only.
     */
    private void forward(int q) {
        final double[] r = reach[q];
        r[0] = 1.0;
        final int[] internal = this.internal;
        final int[] edgeStart = this.forwardEdgeStart;
        final int[] edgeChild = this.forwardEdgeChild;
        final int[] edgeSlot = this.forwardEdgeSlot;
        for (int idx = 0; idx < internal.length; idx++) {
            int node = internal[idx];
            int e = edgeStart[idx];
            int end = edgeStart[idx + 1];
            double here = r[node];
            if (player[node] == q) {
                for (; e < end; e++) {
                    r[edgeChild[e]] = here * current[edgeSlot[e]];
                }
            } else {
                for (; e < end; e++) {
                    r[edgeChild[e]] = here;
                }
            }
        }
    }

    /** Player p's own reach at each of its infosets, then its average-policy contributions. */
    private void accumulateAverage(int p, double weight) {
        for (int i = 0; i < infosetPlayer.length; i++) {
            if (infosetPlayer[i] != p) {
                continue;
            }
            double own = parentSlot[i] < 0 ? 1.0 : ownReach[parentInfoset[i]] * current[parentSlot[i]];
            ownReach[i] = own;
            double w = weight * own * infosetSize[i];
            for (int s = slotStart[i]; s < slotStart[i + 1]; s++) {
                cumulativePolicy[s] += w * current[s];
            }
        }
    }

    /**
     * Bottom-up, in descending node order (children before parents, memory read in sequence): player p's values,
     * and at each of p's nodes the counterfactual weight and each action's advantage, kept per node. They are added
     * to the regrets afterwards in depth-first order ({@link #addRegrets}), the order OpenSpiel adds them in, which
     * descending node order is not. The counterfactual reach is computed as OpenSpiel does (the others' reaches
     * multiplied in player order, then chance's), so that it rounds the same way.
     */
    private void backward(int p, double regretWeight) {
        final double[] v = values[p];
        final int[] internal = this.internal;
        final double[] chance = this.chanceReach;
        final double[] advantage = this.advantage;
        final double[] weight = this.regretWeightAt;
        // Two players (the common case): the other player's reach is one array.
        final double[] other = numPlayers == 2 ? reach[1 - p] : null;
        for (int idx = internal.length - 1; idx >= 0; idx--) {
            int node = internal[idx];
            double cf = other != null ? other[node] * chance[node] : othersReach(p, node);
            int pl = player[node];
            if (cf == 0.0) {
                // Unreachable for the others (and chance): every regret below is zero and the parent weights this
                // value by zero, so skip the subtree's arithmetic. Results are unchanged.
                v[node] = 0.0;
                if (pl == p) {
                    weight[node] = 0.0;
                }
                continue;
            }
            int c0 = firstChild[node];
            int end = c0 + childCount[node];
            double value = 0.0;
            if (pl == GameTree.CHANCE) {
                if (fused) {
                    for (int c = c0; c < end; c++) {
                        value = Math.fma(chanceProbability[c], v[c], value);
                    }
                } else {
                    for (int c = c0; c < end; c++) {
                        value += chanceProbability[c] * v[c];
                    }
                }
            } else {
                int s0 = slotBase[node];
                if (fused) {
                    for (int c = c0, s = s0; c < end; c++, s++) {
                        value = Math.fma(current[s], v[c], value);
                    }
                } else {
                    for (int c = c0, s = s0; c < end; c++, s++) {
                        value += current[s] * v[c];
                    }
                }
                if (pl == p) {
                    weight[node] = cf * regretWeight;
                    for (int c = c0; c < end; c++) {
                        advantage[c] = v[c] - value;
                    }
                }
            }
            v[node] = value;
        }
    }

    /** Adds each of p's nodes' weighted advantages to its regrets, nodes in depth-first order. */
    private void addRegrets(int p) {
        final int[] nodes = ownNodesDepthFirst[p];
        final double[] advantage = this.advantage;
        final double[] weight = this.regretWeightAt;
        for (int node : nodes) {
            double w = weight[node];
            if (w == 0.0) {
                continue; // skipped above: OpenSpiel adds zeros here
            }
            int c0 = firstChild[node];
            int end = c0 + childCount[node];
            if (fused) {
                for (int c = c0, s = slotBase[node]; c < end; c++, s++) {
                    regret[s] = Math.fma(w, advantage[c], regret[s]);
                }
            } else {
                for (int c = c0, s = slotBase[node]; c < end; c++, s++) {
                    regret[s] += w * advantage[c];
                }
            }
        }
    }

    /** The counterfactual reach of a node for player p with more than two players: others in order, chance last. */
    private double othersReach(int p, int node) {
        double cf = 1.0;
        for (int q = 0; q < numPlayers; q++) {
            if (q != p) {
                cf *= reach[q][node];
            }
        }
        return cf * chanceReach[node];
    }

    /** Variant-specific regret adjustment, then regret matching on player p's infosets. */
    private void postUpdate(int p) {
        double positiveScale = 1.0;
        double negativeScale = 1.0;
        if (variant == CfrVariant.DCFR) {
            double ta = Math.pow(iteration, DCFR_ALPHA);
            double tb = Math.pow(iteration, DCFR_BETA);
            positiveScale = ta / (ta + 1.0);
            negativeScale = tb / (tb + 1.0);
        }
        for (int i = 0; i < infosetPlayer.length; i++) {
            if (infosetPlayer[i] != p) {
                continue;
            }
            int start = slotStart[i];
            int end = slotStart[i + 1];
            double positive = 0.0;
            for (int s = start; s < end; s++) {
                double r = regret[s];
                if (variant == CfrVariant.CFR_PLUS && r < 0) {
                    r = 0.0; // OpenSpiel's RM+ reset (a -0.0 stays: it is not below zero)
                } else if (variant == CfrVariant.DCFR) {
                    r *= r > 0 ? positiveScale : negativeScale;
                }
                regret[s] = r;
                if (r > 0) {
                    positive += r;
                }
            }
            if (positive > 0) {
                for (int s = start; s < end; s++) {
                    current[s] = regret[s] > 0 ? regret[s] / positive : 0.0;
                }
            } else {
                double u = 1.0 / (end - start);
                for (int s = start; s < end; s++) {
                    current[s] = u;
                }
            }
        }
    }

    private void discountAverage(int p, double factor) {
        for (int i = 0; i < infosetPlayer.length; i++) {
            if (infosetPlayer[i] == p) {
                for (int s = slotStart[i]; s < slotStart[i + 1]; s++) {
                    cumulativePolicy[s] *= factor;
                }
            }
        }
    }

    /** The current (regret-matching) policy, per slot. */
    public double[] currentPolicySlots() {
        return current.clone();
    }

    /** The average policy, per slot, normalised per infoset (uniform where nothing was accumulated). */
    public double[] averagePolicySlots() {
        double[] avg = new double[cumulativePolicy.length];
        for (int i = 0; i < infosetPlayer.length; i++) {
            int start = slotStart[i];
            int end = slotStart[i + 1];
            double total = 0;
            for (int s = start; s < end; s++) {
                total += cumulativePolicy[s];
            }
            for (int s = start; s < end; s++) {
                avg[s] = total > 0 ? cumulativePolicy[s] / total : 1.0 / (end - start);
            }
        }
        return avg;
    }

    @Override
    public TabularPolicy averagePolicy() {
        return TabularPolicy.fromSlots(tree, averagePolicySlots());
    }

    public TabularPolicy currentPolicy() {
        return TabularPolicy.fromSlots(tree, current);
    }

    /** Cumulative regrets per slot (for inspection and tests). */
    public double[] regrets() {
        return regret.clone();
    }
}
