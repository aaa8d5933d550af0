package dev.parley.cfr;

import dev.parley.game.GameRequirements;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.TabularPolicy;
import java.util.Arrays;
import java.util.Objects;

/**
 * Full-tree CFR and its variants on a {@link GameTree}, with alternating updates as in OpenSpiel's
 * {@code CFRSolver}: for each player in turn, a bottom-up pass computes the player's counterfactual values and adds
 * its regrets, then one pass over the player's infosets accumulates the average policy, applies regret matching and
 * refreshes the player's own reach for the next player's traversal.
 *
 * <p>The arithmetic follows OpenSpiel's recursion step for step, so that results agree to the last bit where the
 * algorithm is sensitive to rounding (regrets that tie exactly, see {@link CfrArithmetic}): every player's reach is
 * the product of its own action probabilities along the path, chance's the product of chance probabilities; the
 * counterfactual reach is the product of the other players' reaches in player order, times chance's; a node's value
 * sums probability × child value in action order; regrets are added history by history in the order of a
 * depth-first traversal. A test checks the regrets bit for bit against a literal transcription of OpenSpiel's
 * recursion.
 *
 * <p>Speed. With perfect recall a player's own reach at a node depends only on its last own action above the node,
 * so it is kept per slot ({@link #seqReach}, refreshed in the infoset pass) instead of per node, and no top-down pass
 * over the nodes is needed. The bottom-up pass runs over arrays packed once per player in the order they are read:
 * by depth, deepest first, and within a depth the chance nodes, the other players' nodes and the player's own nodes
 * in separate runs, so that the inner loops do not branch on the kind of node. Within a depth the nodes are in
 * depth-first order, so each infoset's histories add their regrets in OpenSpiel's order; a game where that does not
 * hold (an infoset whose histories lie at different depths out of order) gets the depth-first post-order instead,
 * which always does. Subtrees that the other players and chance reach with probability zero are skipped: every
 * regret there would be multiplied by zero and every value there is weighted by a zero probability above it, so the
 * results are unchanged (up to reaches that underflow below the double range, where the skipped values weigh less
 * than 1e-308). Within a depth and kind the nodes are grouped by the other players' sequences, which is what their
 * reach depends on, so the reach is read and tested once per group (Leduc: 3,937 nodes a pass in 561 and 842
 * groups); the player's own nodes are grouped in an order that keeps each infoset's histories depth-first (the
 * packed arrays and their order are built by {@link ScalarPass}, the public-tree form's by {@link VectorPass}). The
 * average policy is accumulated per infoset rather than per history: with perfect recall a player's own reach is the
 * same at every history of an infoset, so OpenSpiel's per-history sum is the infoset's own reach times its number
 * of histories (936 infosets instead of 3780 histories on Leduc); this changes the average in its last bits only,
 * never the iteration. An iteration allocates nothing. Not thread-safe.
 */
public final class CfrSolver implements IterativeSolver {

    /** Discounted CFR's parameters (Brown and Sandholm 2019, the recommended setting). */
    public static final double DCFR_ALPHA = 1.5;
    public static final double DCFR_BETA = 0.0;
    public static final double DCFR_GAMMA = 2.0;

    /**
     * Vector form: a regret whose magnitude is at most this fraction of {@link #regretScale} counts as zero (2^-40,
     * about 4,000 units of rounding of what was added to it). Where the scalar sum of a tie cancels to exactly zero
     * (equal payoffs behind an infoset's actions), the vector form's folded sums leave about 1e-17, and regret
     * matching would play that action alone where the scalar solver plays uniformly.
     */
    static final double TIE_TOLERANCE = 0x1p-40;

    private final GameTree tree;
    private final CfrVariant variant;
    private final boolean fused;
    private final int numPlayers;

    private final double[] chanceProbability;
    private final int[] slotStart;
    private final int[] infosetPlayer;
    /** {@code ownInfosets[p]}: player p's infosets in ascending order (parents before children). */
    private final int[][] ownInfosets;
    /** The slot of the player's last own action before each infoset, or {@link #noAction} if none. */
    private final int[] parentSeq;
    /** Number of histories in each infoset. */
    private final double[] infosetSize;
    /** {@code passes[p]}: player p's bottom-up pass, packed (scalar form; null in vector form). */
    private final ScalarPass[] passes;
    /** {@code vectorPasses[p]}: player p's pass over the public tree (vector form; null in scalar form). */
    private final VectorPass[] vectorPasses;
    /**
     * Vector form only: per slot, the sum of the magnitudes added to its regret. A regret within
     * {@link #TIE_TOLERANCE} of it is rounding noise around zero and is set to zero before regret matching.
     */
    private final double[] regretScale;
    /** {@code values[p]}: player p's value per node; terminals hold the payoffs and never change. */
    private final double[][] values;

    // Per-slot solver state.
    private final double[] regret;
    private final double[] cumulativePolicy;
    private final double[] current;
    /**
     * The own reach of a slot's player after it plays that slot: the infoset's own reach times the current
     * probability. One extra entry at {@link #noAction} holds 1, the reach before a player's first action.
     */
    private final double[] seqReach;
    /** Each infoset's own reach for the current policy (the product of its player's probabilities above it). */
    private final double[] ownReach;
    private final int noAction;

    private int iteration;
    /** Tests: run every variant's infoset pass through {@link #update}, the general form, as before it was split. */
    boolean generalUpdate;

    /** A solver with {@link CfrArithmetic#STRICT} arithmetic. */
    public CfrSolver(GameTree tree, CfrVariant variant) {
        this(tree, variant, CfrArithmetic.STRICT);
    }

    public CfrSolver(GameTree tree, CfrVariant variant, CfrArithmetic arithmetic) {
        this(tree, variant, arithmetic, false);
    }

    /**
     * Vector-form CFR (Johanson et al. 2012): the same iterations as {@link #CfrSolver(GameTree, CfrVariant)}, with
     * each player's bottom-up pass walking the game's {@link PublicTree} once, a value per own private state in each
     * public state, instead of every history. Same average policy up to rounding in the sums (so not bit for bit
     * OpenSpiel's; use the scalar solver for that); a regret within {@link #TIE_TOLERANCE} of what was added to it
     * counts as zero, as the scalar sum of an exact tie would be. On games that amplify rounding (Leduc) whole runs
     * drift apart as far as the scalar solver's own strict and fused builds do.
     *
     * @throws dev.parley.game.UnsupportedGameException if the game has no public tree or not two players
     */
    public static CfrSolver vectorForm(GameTree tree, CfrVariant variant) {
        return new CfrSolver(tree, variant, CfrArithmetic.STRICT, true);
    }

    /** The solver's title in messages: the variant's, with "(vector form)" for the vector form. */
    public static String title(CfrVariant variant, boolean vectorForm) {
        return vectorForm ? variant.title() + " (vector form)" : variant.title();
    }

    private CfrSolver(GameTree tree, CfrVariant variant, CfrArithmetic arithmetic, boolean vectorForm) {
        this.tree = Objects.requireNonNull(tree, "tree");
        this.variant = Objects.requireNonNull(variant, "variant");
        String title = title(variant, vectorForm);
        GameRequirements.requireSequentialPerfectRecall(title, tree);
        PublicTree publicTree = null;
        if (vectorForm) {
            if (tree.numPlayers() != 2) {
                throw new dev.parley.game.UnsupportedGameException(title + " cannot solve '" + tree.name()
                        + "': it has " + tree.numPlayers() + " players and the vector form needs two");
            }
            publicTree = PublicTree.of(title, tree);
        }
        this.fused = Objects.requireNonNull(arithmetic, "arithmetic") == CfrArithmetic.FUSED;
        this.numPlayers = tree.numPlayers();
        this.chanceProbability = tree.chanceProbabilities();
        this.slotStart = tree.slotStarts();
        this.infosetPlayer = tree.infosetPlayers();
        int slots = tree.numSlots();
        this.noAction = slots;
        this.values = TreeTables.terminalValues(tree);
        this.regret = new double[slots];
        this.cumulativePolicy = new double[slots];
        this.current = TreeTables.uniform(tree);

        TreeTables.Paths paths = TreeTables.Paths.of(tree, noAction);
        this.parentSeq = TreeTables.parentSequences(tree, paths.seqAt());
        this.infosetSize = TreeTables.infosetSizes(tree);
        this.ownInfosets = TreeTables.ownInfosets(tree);
        this.seqReach = new double[slots + 1];
        seqReach[noAction] = 1.0;
        this.ownReach = new double[tree.numInfosets()];
        for (int p = 0; p < numPlayers; p++) {
            refreshReach(p);
        }
        if (vectorForm) {
            this.regretScale = new double[slots];
            this.passes = null;
            this.vectorPasses = new VectorPass[numPlayers];
            for (int p = 0; p < numPlayers; p++) {
                vectorPasses[p] = new VectorPass(tree, publicTree, p, paths.seqAt(), paths.chanceReach(), parentSeq,
                        slots);
            }
            return;
        }
        this.vectorPasses = null;
        this.regretScale = null;
        int[] depth = TreeTables.depths(tree);
        int maxDepth = Arrays.stream(depth).max().orElse(0);
        int[] postOrder = ScalarPass.postOrder(tree.players(), tree.firstChildren(), tree.childCounts());
        this.passes = new ScalarPass[numPlayers];
        for (int p = 0; p < numPlayers; p++) {
            passes[p] = ScalarPass.of(tree, p, paths.seqAt(), paths.chanceReach(), depth, maxDepth, postOrder);
        }
    }

    public GameTree tree() {
        return tree;
    }

    public CfrVariant variant() {
        return variant;
    }

    /** Whether this solver walks the public tree (vector form) rather than every history. */
    public boolean isVectorForm() {
        return vectorPasses != null;
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
        // DCFR weights the average by t^gamma: shrink what came before by ((t-1)/t)^gamma, then add.
        double discount = variant == CfrVariant.DCFR ? Math.pow((iteration - 1.0) / iteration, DCFR_GAMMA) : 1.0;
        double positiveScale = 1.0;
        double negativeScale = 1.0;
        if (variant == CfrVariant.DCFR) {
            double ta = Math.pow(iteration, DCFR_ALPHA);
            double tb = Math.pow(iteration, DCFR_BETA);
            positiveScale = ta / (ta + 1.0);
            negativeScale = tb / (tb + 1.0);
        }
        for (int p = 0; p < numPlayers; p++) {
            if (vectorPasses != null) {
                vectorPasses[p].backward(regretWeight, seqReach, current, regret, regretScale, slotStart);
            } else {
                backward(p, regretWeight);
            }
            if (regretScale != null || generalUpdate) {
                update(p, avgWeight, discount, positiveScale, negativeScale);
            } else if (variant == CfrVariant.DCFR) {
                updateDiscounted(p, discount, positiveScale, negativeScale);
            } else if (variant == CfrVariant.CFR_PLUS) {
                updatePlus(p, avgWeight);
            } else {
                updatePlain(p, avgWeight);
            }
        }
    }

    /**
     * Bottom-up: player p's values, and at each of p's nodes its regrets (counterfactual reach × regret weight ×
     * (child value − node value)). The counterfactual reach is computed as OpenSpiel does (the others' reaches
     * multiplied in player order, then chance's), so that it rounds the same way.
     */
    private void backward(int p, double regretWeight) {
        final ScalarPass pass = passes[p];
        final double[] v = values[p];
        final int[] runEnd = pass.runEnd;
        final int[] runSegmentEnd = pass.runSegmentEnd;
        final byte[] runKind = pass.runKind;
        int segment = 0;
        for (int run = 0; run < runEnd.length; run++) {
            int segments = runSegmentEnd[run];
            switch (runKind[run]) {
                case ScalarPass.CHANCE_RUN -> chanceRun(pass, v, segment, segments);
                case ScalarPass.OTHERS_RUN -> othersRun(pass, v, segment, segments);
                default -> ownRun(pass, v, segment, segments, regretWeight);
            }
            segment = segments;
        }
    }

    /**
     * The other players' reach at the nodes of a segment: their reaches multiplied in player order, from 1.0 as
     * OpenSpiel does, so that times chance's reach it rounds as OpenSpiel's counterfactual reach.
     */
    private double othersReach(ScalarPass pass, int segment) {
        final int m = pass.othersPerNode;
        if (m == 1) {
            return seqReach[pass.others[segment]];
        }
        double reach = 1.0;
        for (int j = segment * m, end = j + m; j < end; j++) {
            reach *= seqReach[pass.others[j]];
        }
        return reach;
    }

    /** The first node of a segment. */
    private static int segmentStart(ScalarPass pass, int segment) {
        return segment == 0 ? 0 : pass.segmentEnd[segment - 1];
    }

    /**
     * Unreachable for the others (and chance): every regret below is zero and the parent weights this value by
     * zero, so the arithmetic is skipped, with results unchanged; the value is set to zero so that the parent reads
     * a defined value.
     */
    private static void unreachable(ScalarPass pass, double[] v, int from, int to) {
        final int[] nodes = pass.node;
        for (int k = from; k < to; k++) {
            v[nodes[k]] = 0.0;
        }
    }

    /*
     * chanceRun and othersRun are the same loop over other weights (chance's probabilities by child, the policy by
     * slot). One method taking the weights as a parameter was measured 5% slower on Leduc CFR (JMH, 3 rounds,
     * 1.047-1.062), so they stay apart.
     */

    private void chanceRun(ScalarPass pass, double[] v, int fromSegment, int toSegment) {
        final int[] nodes = pass.node;
        final int[] first = pass.firstChild;
        final int[] count = pass.childCount;
        final double[] chanceReach = pass.chanceReach;
        final int[] segmentEnd = pass.segmentEnd;
        final double[] prob = chanceProbability;
        int k = segmentStart(pass, fromSegment);
        for (int segment = fromSegment; segment < toSegment; segment++) {
            int to = segmentEnd[segment];
            double others = othersReach(pass, segment);
            if (others == 0.0) {
                unreachable(pass, v, k, to);
                k = to;
                continue;
            }
            for (; k < to; k++) {
                int node = nodes[k];
                if (others * chanceReach[k] == 0.0) {
                    v[node] = 0.0;
                    continue;
                }
                double value = 0.0;
                int c = first[k];
                int end = c + count[k];
                if (fused) {
                    for (; c < end; c++) {
                        value = Math.fma(prob[c], v[c], value);
                    }
                } else {
                    for (; c < end; c++) {
                        value += prob[c] * v[c];
                    }
                }
                v[node] = value;
            }
        }
    }

    private void othersRun(ScalarPass pass, double[] v, int fromSegment, int toSegment) {
        final int[] nodes = pass.node;
        final int[] first = pass.firstChild;
        final int[] count = pass.childCount;
        final int[] slots = pass.slot;
        final double[] chanceReach = pass.chanceReach;
        final int[] segmentEnd = pass.segmentEnd;
        final double[] current = this.current;
        int k = segmentStart(pass, fromSegment);
        for (int segment = fromSegment; segment < toSegment; segment++) {
            int to = segmentEnd[segment];
            double others = othersReach(pass, segment);
            if (others == 0.0) {
                unreachable(pass, v, k, to);
                k = to;
                continue;
            }
            for (; k < to; k++) {
                int node = nodes[k];
                if (others * chanceReach[k] == 0.0) {
                    v[node] = 0.0;
                    continue;
                }
                double value = 0.0;
                int c = first[k];
                int end = c + count[k];
                int s = slots[k];
                if (fused) {
                    for (; c < end; c++, s++) {
                        value = Math.fma(current[s], v[c], value);
                    }
                } else {
                    for (; c < end; c++, s++) {
                        value += current[s] * v[c];
                    }
                }
                v[node] = value;
            }
        }
    }

    private void ownRun(ScalarPass pass, double[] v, int fromSegment, int toSegment, double regretWeight) {
        final int[] nodes = pass.node;
        final int[] first = pass.firstChild;
        final int[] count = pass.childCount;
        final int[] slots = pass.slot;
        final double[] chanceReach = pass.chanceReach;
        final int[] segmentEnd = pass.segmentEnd;
        final double[] current = this.current;
        final double[] regret = this.regret;
        int k = segmentStart(pass, fromSegment);
        for (int segment = fromSegment; segment < toSegment; segment++) {
            int to = segmentEnd[segment];
            double others = othersReach(pass, segment);
            if (others == 0.0) {
                unreachable(pass, v, k, to); // OpenSpiel adds zeros to the regrets here
                k = to;
                continue;
            }
            for (; k < to; k++) {
                int node = nodes[k];
                double cf = others * chanceReach[k];
                if (cf == 0.0) {
                    v[node] = 0.0;
                    continue;
                }
                int c0 = first[k];
                int end = c0 + count[k];
                int s0 = slots[k];
                double value = 0.0;
                double w = cf * regretWeight;
                if (fused) {
                    for (int c = c0, s = s0; c < end; c++, s++) {
                        value = Math.fma(current[s], v[c], value);
                    }
                    for (int c = c0, s = s0; c < end; c++, s++) {
                        regret[s] = Math.fma(w, v[c] - value, regret[s]);
                    }
                } else {
                    for (int c = c0, s = s0; c < end; c++, s++) {
                        value += current[s] * v[c];
                    }
                    for (int c = c0, s = s0; c < end; c++, s++) {
                        regret[s] += w * (v[c] - value);
                    }
                }
                v[node] = value;
            }
        }
    }

    /**
     * Over p's infosets, parents first: the average-policy contribution of the policy just traversed (weighted by
     * its own reach), the variant's regret adjustment and regret matching, then the own reach of the new policy.
     */
    private void update(int p, double avgWeight, double discount, double positiveScale, double negativeScale) {
        final double[] regret = this.regret;
        final double[] current = this.current;
        final double[] cumulative = this.cumulativePolicy;
        final boolean plus = variant == CfrVariant.CFR_PLUS;
        final boolean discounted = variant == CfrVariant.DCFR;
        final double[] scale = regretScale;
        for (int i : ownInfosets[p]) {
            int start = slotStart[i];
            int end = slotStart[i + 1];
            if (scale != null) {
                for (int s = start; s < end; s++) {
                    if (Math.abs(regret[s]) <= TIE_TOLERANCE * scale[s]) {
                        regret[s] = 0.0;
                        scale[s] = 0.0; // an exact zero carries no rounding error
                    }
                }
            }
            double w = avgWeight * ownReach[i] * infosetSize[i];
            if (discounted) {
                for (int s = start; s < end; s++) {
                    cumulative[s] *= discount;
                }
            }
            for (int s = start; s < end; s++) {
                cumulative[s] += w * current[s];
            }
            double positive = 0.0;
            if (plus) {
                for (int s = start; s < end; s++) {
                    double r = regret[s];
                    if (r < 0) {
                        r = 0.0; // OpenSpiel's RM+ reset (a -0.0 stays: it is not below zero)
                        regret[s] = r;
                        if (scale != null) {
                            scale[s] = 0.0;
                        }
                    }
                    if (r > 0) {
                        positive += r;
                    }
                }
            } else if (discounted) {
                for (int s = start; s < end; s++) {
                    double r = regret[s];
                    double factor = r > 0 ? positiveScale : negativeScale;
                    r *= factor;
                    regret[s] = r;
                    if (scale != null) {
                        scale[s] *= factor; // the rounding error shrinks with the regret
                    }
                    if (r > 0) {
                        positive += r;
                    }
                }
            } else {
                for (int s = start; s < end; s++) {
                    double r = regret[s];
                    if (r > 0) {
                        positive += r;
                    }
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
            // The parent infoset was refreshed earlier in this loop, so this is the new policy's reach.
            double own = seqReach[parentSeq[i]];
            ownReach[i] = own;
            for (int s = start; s < end; s++) {
                seqReach[s] = own * current[s];
            }
        }
    }

    /*
     * The scalar form's infoset pass, one method per variant: the same operations on every slot, in the same order,
     * as the general update above (so the same bits), with each infoset's slots walked twice instead of five times
     * (once for the average, the regret adjustment and the sum of positive regrets, once for regret matching and the
     * new reach) and no per-infoset tests of the variant or the vector form. DCFR gained most (its discount of the
     * average was a loop of its own): measured in docs/benchmarks.md.
     */

    /** CFR and Linear CFR: average weighted by avgWeight × own reach; regrets unchanged. */
    private void updatePlain(int p, double avgWeight) {
        final double[] regret = this.regret;
        final double[] current = this.current;
        final double[] cumulative = this.cumulativePolicy;
        for (int i : ownInfosets[p]) {
            int start = slotStart[i];
            int end = slotStart[i + 1];
            double w = avgWeight * ownReach[i] * infosetSize[i];
            double positive = 0.0;
            for (int s = start; s < end; s++) {
                cumulative[s] += w * current[s];
                double r = regret[s];
                if (r > 0) {
                    positive += r;
                }
            }
            matchAndReach(i, start, end, positive);
        }
    }

    /** CFR+: negative regrets reset to zero (RM+) before regret matching. */
    private void updatePlus(int p, double avgWeight) {
        final double[] regret = this.regret;
        final double[] current = this.current;
        final double[] cumulative = this.cumulativePolicy;
        for (int i : ownInfosets[p]) {
            int start = slotStart[i];
            int end = slotStart[i + 1];
            double w = avgWeight * ownReach[i] * infosetSize[i];
            double positive = 0.0;
            for (int s = start; s < end; s++) {
                cumulative[s] += w * current[s];
                double r = regret[s];
                if (r < 0) {
                    r = 0.0; // OpenSpiel's RM+ reset (a -0.0 stays: it is not below zero)
                    regret[s] = r;
                }
                if (r > 0) {
                    positive += r;
                }
            }
            matchAndReach(i, start, end, positive);
        }
    }

    /**
     * DCFR: the average so far shrunk by {@code discount} and the current policy added in one step (the product is
     * rounded, then the sum, as the two separate loops did), regrets scaled by sign.
     */
    private void updateDiscounted(int p, double discount, double positiveScale, double negativeScale) {
        final double[] regret = this.regret;
        final double[] current = this.current;
        final double[] cumulative = this.cumulativePolicy;
        for (int i : ownInfosets[p]) {
            int start = slotStart[i];
            int end = slotStart[i + 1];
            double w = ownReach[i] * infosetSize[i]; // avgWeight is 1.0 for DCFR
            double positive = 0.0;
            for (int s = start; s < end; s++) {
                cumulative[s] = cumulative[s] * discount + w * current[s];
                double r = regret[s];
                r *= r > 0 ? positiveScale : negativeScale;
                regret[s] = r;
                if (r > 0) {
                    positive += r;
                }
            }
            matchAndReach(i, start, end, positive);
        }
    }

    /** Regret matching at infoset i, then the own reach of its new policy (its parent infoset is already done). */
    private void matchAndReach(int i, int start, int end, double positive) {
        final double[] regret = this.regret;
        final double[] current = this.current;
        final double[] seqReach = this.seqReach;
        double own = seqReach[parentSeq[i]]; // a slot of an earlier infoset (or noAction), never one of i's
        ownReach[i] = own;
        if (positive > 0) {
            for (int s = start; s < end; s++) {
                double r = regret[s];
                double c = r > 0 ? r / positive : 0.0;
                current[s] = c;
                seqReach[s] = own * c;
            }
        } else {
            double u = 1.0 / (end - start);
            for (int s = start; s < end; s++) {
                current[s] = u;
                seqReach[s] = own * u;
            }
        }
    }

    /** Player p's own reach at each of its infosets and after each of its slots, for the current policy. */
    private void refreshReach(int p) {
        for (int i : ownInfosets[p]) {
            double own = seqReach[parentSeq[i]];
            ownReach[i] = own;
            for (int s = slotStart[i]; s < slotStart[i + 1]; s++) {
                seqReach[s] = own * current[s];
            }
        }
    }

    /** The current (regret-matching) policy, per slot. */
    public double[] currentPolicySlots() {
        return current.clone();
    }

    /** This solver's own tree gets its slots directly; another compilation goes through the table. */
    @Override
    public double[] averagePolicySlots(GameTree tree) {
        return tree == this.tree ? averagePolicySlots() : IterativeSolver.super.averagePolicySlots(tree);
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

    /**
     * Player p's counterfactual regrets of the current policy from one bottom-up pass, without accumulating them
     * (for tests comparing the scalar and the vector form pass by pass).
     */
    double[] instantRegrets(int p) {
        double[] saved = regret.clone();
        Arrays.fill(regret, 0.0);
        if (vectorPasses != null) {
            vectorPasses[p].backward(1.0, seqReach, current, regret, new double[regret.length], slotStart);
        } else {
            backward(p, 1.0);
        }
        double[] instant = regret.clone();
        System.arraycopy(saved, 0, regret, 0, saved.length);
        return instant;
    }

    /** Takes over another solver's state on the same tree: regrets, average, policy, reaches, iteration (tests). */
    void copyStateFrom(CfrSolver other) {
        if (other.tree != tree) {
            throw new IllegalArgumentException("another tree");
        }
        System.arraycopy(other.regret, 0, regret, 0, regret.length);
        System.arraycopy(other.cumulativePolicy, 0, cumulativePolicy, 0, cumulativePolicy.length);
        System.arraycopy(other.current, 0, current, 0, current.length);
        System.arraycopy(other.seqReach, 0, seqReach, 0, seqReach.length);
        System.arraycopy(other.ownReach, 0, ownReach, 0, ownReach.length);
        if (regretScale != null && other.regretScale != null) {
            System.arraycopy(other.regretScale, 0, regretScale, 0, regretScale.length);
        }
        iteration = other.iteration;
    }

    /** Player p's bottom-up pass (scalar form): its nodes, its segments and how they were grouped (for tests). */
    PassShape passShape(int p) {
        ScalarPass pass = passes[p];
        return new PassShape(pass.node.length, pass.segmentEnd.length, pass.grouping);
    }

    record PassShape(int nodes, int segments, ScalarPass.Grouping grouping) {
    }

    /** Cumulative regrets per slot (for inspection and tests). */
    public double[] regrets() {
        return regret.clone();
    }
}
