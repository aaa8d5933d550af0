package dev.parley.cfr;

import dev.parley.game.GameRequirements;
import dev.parley.game.GameTree;
import dev.parley.game.TabularPolicy;
import java.util.Arrays;
import java.util.Objects;

/**
 * Full-tree CFR and its variants on a {@link GameTree}, with alternating updates as in OpenSpiel's
 * {@code CFRSolver}: for each player in turn, a top-down pass computes reach probabilities, a bottom-up pass computes
 * the player's counterfactual values and accumulates its regrets and average policy, and regret matching then
 * refreshes that player's current policy before the next player's traversal.
 *
 * <p>Both passes are flat loops over the tree's arrays (parents precede children, children are contiguous), so an
 * iteration allocates nothing. The average policy is accumulated per infoset rather than per history: with perfect
 * recall a player's own reach is the same at every history of an infoset, so OpenSpiel's per-history sum equals the
 * infoset's own reach times its number of histories, which is what is added (over 936 infosets instead of 3780
 * histories on Leduc). Not thread-safe.
 */
public final class CfrSolver {

    /** Discounted CFR's parameters (Brown and Sandholm 2019, the recommended setting). */
    public static final double DCFR_ALPHA = 1.5;
    public static final double DCFR_BETA = 0.0;
    public static final double DCFR_GAMMA = 2.0;

    private final GameTree tree;
    private final CfrVariant variant;
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
    /** Non-terminal nodes in ascending order. */
    private final int[] internal;
    /** Edges into non-terminal children, grouped by parent in {@link #internal} order (for the top-down pass). */
    private final int[] forwardEdgeStart;
    private final int[] forwardEdgeChild;
    private final int[] forwardEdgeSlot;
    private final double[] forwardEdgeChance;
    /** {@code values[p]}: player p's value per node; terminals hold the payoffs and never change. */
    private final double[][] values;

    // Per-slot solver state.
    private final double[] regret;
    private final double[] cumulativePolicy;
    private final double[] current;

    // Scratch.
    private final double[] reachOthers;
    private final double[] ownReach;

    private int iteration;

    public CfrSolver(GameTree tree, CfrVariant variant) {
        this.tree = Objects.requireNonNull(tree, "tree");
        this.variant = Objects.requireNonNull(variant, "variant");
        GameRequirements.requireSequentialPerfectRecall(variant.cliName(), tree);
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
        this.reachOthers = new double[n];
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
        this.forwardEdgeChance = new double[edges];
        int e = 0;
        for (int node : internal) {
            for (int c = firstChild[node]; c < firstChild[node] + childCount[node]; c++) {
                if (player[c] != GameTree.TERMINAL) {
                    forwardEdgeChild[e] = c;
                    forwardEdgeSlot[e] = edgeSlot[c];
                    forwardEdgeChance[e] = chanceProbability[c];
                    e++;
                }
            }
        }
    }

    public GameTree tree() {
        return tree;
    }

    public CfrVariant variant() {
        return variant;
    }

    /** Number of completed iterations. */
    public int iterations() {
        return iteration;
    }

    /** Runs {@code count} iterations. */
    public void run(int count) {
        for (int i = 0; i < count; i++) {
            iterate();
        }
    }

    /** One iteration: a traversal and policy update for each player in turn. */
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
            forward(p);
            backward(p, regretWeight);
            accumulateAverage(p, avgWeight);
            postUpdate(p);
        }
    }

    /**
     * Top-down: everyone else's reach, chance included, at every non-terminal node (it weights player p's regrets;
     * terminals need none). Walks the precomputed edges into non-terminal children only.
     */
    private void forward(int p) {
        final double[] reach = reachOthers;
        reach[0] = 1.0;
        final int[] internal = this.internal;
        final int[] edgeStart = this.forwardEdgeStart;
        final int[] edgeChild = this.forwardEdgeChild;
        final int[] edgeSlot = this.forwardEdgeSlot;
        final double[] edgeChance = this.forwardEdgeChance;
        for (int idx = 0; idx < internal.length; idx++) {
            int node = internal[idx];
            int e = edgeStart[idx];
            int end = edgeStart[idx + 1];
            if (e == end) {
                continue;
            }
            double r = reach[node];
            int pl = player[node];
            if (pl == GameTree.CHANCE) {
                for (; e < end; e++) {
                    reach[edgeChild[e]] = r * edgeChance[e];
                }
            } else if (pl == p) {
                for (; e < end; e++) {
                    reach[edgeChild[e]] = r;
                }
            } else {
                for (; e < end; e++) {
                    reach[edgeChild[e]] = r * current[edgeSlot[e]];
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

    /** Bottom-up: player p's values and its regrets. */
    private void backward(int p, double regretWeight) {
        final double[] v = values[p];
        final int[] internal = this.internal;
        final double[] reach = reachOthers;
        for (int idx = internal.length - 1; idx >= 0; idx--) {
            int node = internal[idx];
            if (reach[node] == 0.0) {
                // Unreachable for the others (and chance): every regret below is zero and the parent weights this
                // value by zero, so skip the subtree's arithmetic. Results are unchanged.
                v[node] = 0.0;
                continue;
            }
            int pl = player[node];
            int c0 = firstChild[node];
            int end = c0 + childCount[node];
            double value = 0.0;
            if (pl == GameTree.CHANCE) {
                for (int c = c0; c < end; c++) {
                    value += chanceProbability[c] * v[c];
                }
            } else {
                int s0 = slotBase[node];
                for (int c = c0, s = s0; c < end; c++, s++) {
                    value += current[s] * v[c];
                }
                if (pl == p) {
                    double cf = reach[node] * regretWeight;
                    for (int c = c0, s = s0; c < end; c++, s++) {
                        regret[s] += cf * (v[c] - value);
                    }
                }
            }
            v[node] = value;
        }
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
                    r = 0.0;
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
