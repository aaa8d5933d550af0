package dev.parley.cfr;

import dev.parley.game.GameTree;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One player's bottom-up pass of vector-form CFR over a {@link PublicTree}. In each public state it keeps one value
 * per own sequence present there (the player's last own action, which with public moves stands for the player's
 * private state): the sum, over the state's histories with that sequence, of counterfactual reach × the player's
 * value. A terminal state's entries are a fixed sparse matrix (chance reach × payoff, summed over the histories
 * with the same own and opponent sequence) times the opponent's sequence reach; a chance or opponent state adds up
 * its children; at an own state each infoset's action values are read from the children, its value is their
 * policy-weighted sum, and its regrets are action value − infoset value. This is the scalar pass's computation with
 * the histories of a state folded together, so it agrees with the scalar solver up to rounding in the sums.
 * Two players; the opponent's reach is read from the solver's per-slot reach, so no top-down pass is needed.
 */
final class VectorPass {

    private static final byte SUM = 0;
    private static final byte OWN = 1;

    /** Values per (state, own sequence), for the states in bottom-up order. */
    private final double[] w;
    /** Per slot of the player: the counterfactual value of taking that action, summed over the infoset. */
    private final double[] actionValue;

    // Terminal entries: w[termW[e]] += termCoefficient[e] * seqReach[termOpponent[e]].
    private final int[] termW;
    private final int[] termOpponent;
    private final double[] termCoefficient;

    // Non-terminal states in bottom-up order.
    private final byte[] stateKind;
    private final int[] pairEnd;
    private final int[] infosetEnd;
    /** SUM: w[pairDst] += w[pairSrc]; OWN: actionValue[pairDst] += w[pairSrc]. */
    private final int[] pairDst;
    private final int[] pairSrc;
    /** OWN: the infoset and the w entry of its own sequence before it. */
    private final int[] opInfoset;
    private final int[] opDst;

    /**
     * @param p           the traversing player (of two)
     * @param seqAt       each player's last own slot above each node ({@code noAction} if none)
     * @param chanceReach the product of chance probabilities from the root to each node
     */
    VectorPass(GameTree tree, PublicTree publicTree, int p, int[][] seqAt, double[] chanceReach, int[] parentSeq,
            int numSlots) {
        States states = States.of(tree.numNodes(), publicTree);
        // One w entry per (state, own sequence), states in bottom-up order.
        long stride = numSlots + 1L;
        Map<Long, Integer> wIndex = new HashMap<>();
        for (int g : publicTree.bottomUp()) {
            for (int k = states.start[g]; k < states.start[g + 1]; k++) {
                wIndex.putIfAbsent(g * stride + seqAt[p][states.nodes[k]], wIndex.size());
            }
        }
        this.w = new double[wIndex.size()];
        this.actionValue = new double[numSlots];
        Terminals terminals = Terminals.of(tree, states.group, p, seqAt, chanceReach, wIndex, stride);
        this.termW = terminals.w;
        this.termOpponent = terminals.opponent;
        this.termCoefficient = terminals.coefficient;
        Program program = Program.of(tree, publicTree.bottomUp(), states, p, seqAt, parentSeq, wIndex, stride,
                w.length);
        this.stateKind = program.stateKind;
        this.pairEnd = program.pairEnd;
        this.infosetEnd = program.infosetEnd;
        this.pairDst = program.pairDst;
        this.pairSrc = program.pairSrc;
        this.opInfoset = program.opInfoset;
        this.opDst = program.opDst;
    }

    /** The public state of each node, and the nodes of each state ({@code nodes[start[g]..start[g + 1])}). */
    private record States(int[] group, int[] start, int[] nodes) {

        /** By counting sort. */
        static States of(int n, PublicTree publicTree) {
            int numGroups = publicTree.numGroups();
            int[] group = new int[n];
            for (int node = 0; node < n; node++) {
                group[node] = publicTree.group(node);
            }
            int[] groupStart = new int[numGroups + 1];
            for (int node = 0; node < n; node++) {
                groupStart[group[node] + 1]++;
            }
            for (int g = 0; g < numGroups; g++) {
                groupStart[g + 1] += groupStart[g];
            }
            int[] nodesOf = new int[n];
            int[] fill = Arrays.copyOf(groupStart, numGroups);
            for (int node = 0; node < n; node++) {
                nodesOf[fill[group[node]]++] = node;
            }
            return new States(group, groupStart, nodesOf);
        }
    }

    /** The terminal matrix: {@code w[w[e]] += coefficient[e] * seqReach[opponent[e]]}, one entry per pair. */
    private record Terminals(int[] w, int[] opponent, double[] coefficient) {

        /** The terminal histories' chance reach × payoff, folded per (w entry, opponent sequence). */
        static Terminals of(GameTree tree, int[] group, int p, int[][] seqAt, double[] chanceReach,
                Map<Long, Integer> wIndex, long stride) {
            int o = 1 - p;
            int[] player = tree.players();
            Map<Long, double[]> coefficient = new HashMap<>();
            long opponentStride = stride;
            int terminalEntries = 0;
            int[] entryW = new int[16];
            int[] entryOpp = new int[16];
            for (int node = 0; node < player.length; node++) {
                if (player[node] != GameTree.TERMINAL) {
                    continue;
                }
                int wi = wIndex.get(group[node] * stride + seqAt[p][node]);
                double[] c = coefficient.get(wi * opponentStride + seqAt[o][node]);
                if (c == null) {
                    c = new double[1];
                    coefficient.put(wi * opponentStride + seqAt[o][node], c);
                    if (terminalEntries == entryW.length) {
                        entryW = Arrays.copyOf(entryW, terminalEntries * 2);
                        entryOpp = Arrays.copyOf(entryOpp, terminalEntries * 2);
                    }
                    entryW[terminalEntries] = wi;
                    entryOpp[terminalEntries] = seqAt[o][node];
                    terminalEntries++;
                }
                c[0] += chanceReach[node] * tree.utility(node, p);
            }
            int[] termW = Arrays.copyOf(entryW, terminalEntries);
            int[] termOpponent = Arrays.copyOf(entryOpp, terminalEntries);
            double[] termCoefficient = new double[terminalEntries];
            for (int e = 0; e < terminalEntries; e++) {
                termCoefficient[e] = coefficient.get(termW[e] * opponentStride + termOpponent[e])[0];
            }
            return new Terminals(termW, termOpponent, termCoefficient);
        }
    }

    /** What {@link #backward} runs over the non-terminal states, bottom-up (see the fields of the same names). */
    private record Program(byte[] stateKind, int[] pairEnd, int[] infosetEnd, int[] pairDst, int[] pairSrc,
            int[] opInfoset, int[] opDst) {

        static Program of(GameTree tree, int[] order, States st, int p, int[][] seqAt, int[] parentSeq,
                Map<Long, Integer> wIndex, long stride, int wSize) {
            int[] player = tree.players();
            int[] firstChild = tree.firstChildren();
            int[] childCount = tree.childCounts();
            int[] infoset = tree.infosets();
            int[] slotStart = tree.slotStarts();
            int[] group = st.group;
            int[] groupStart = st.start;
            int[] nodesOf = st.nodes;
            int states = 0;
            for (int g : order) {
                if (player[nodesOf[groupStart[g]]] != GameTree.TERMINAL) {
                    states++;
                }
            }
            byte[] stateKind = new byte[states];
            int[] pairEnd = new int[states];
            int[] infosetEnd = new int[states];
            IntList dst = new IntList();
            IntList src = new IntList();
            IntList ops = new IntList();
            IntList opDsts = new IntList();
            boolean[] seenGroup = new boolean[groupStart.length - 1];
            boolean[] seenInfoset = new boolean[tree.numInfosets()];
            int[] readBy = new int[wSize]; // the state (+1) that last read each w entry: each is added once
            int s = 0;
            for (int g : order) {
                int first = nodesOf[groupStart[g]];
                if (player[first] == GameTree.TERMINAL) {
                    continue;
                }
                boolean own = player[first] == p;
                stateKind[s] = own ? OWN : SUM;
                if (!own) {
                    // Add up each child state once (own sequences are unchanged below others' moves).
                    for (int k = groupStart[g]; k < groupStart[g + 1]; k++) {
                        int node = nodesOf[k];
                        for (int c = firstChild[node], end = c + childCount[node]; c < end; c++) {
                            int cg = group[c];
                            if (seenGroup[cg]) {
                                continue;
                            }
                            seenGroup[cg] = true;
                            for (int j = groupStart[cg]; j < groupStart[cg + 1]; j++) {
                                int seq = seqAt[p][nodesOf[j]];
                                int from = wIndex.get(cg * stride + seq);
                                if (readBy[from] != s + 1) {
                                    readBy[from] = s + 1;
                                    dst.add(wIndex.get(g * stride + seq));
                                    src.add(from);
                                }
                            }
                        }
                    }
                } else {
                    // Each action's value: the w entries of its slot in the child states (one state per action when
                    // every history of the infoset leads to the same kind of node, else each counted once).
                    for (int k = groupStart[g]; k < groupStart[g + 1]; k++) {
                        int node = nodesOf[k];
                        int is = infoset[node];
                        if (!seenInfoset[is]) {
                            seenInfoset[is] = true;
                            ops.add(is);
                            opDsts.add(wIndex.get(g * stride + parentSeq[is]));
                        }
                        for (int c = firstChild[node], a = 0, end = c + childCount[node]; c < end; c++, a++) {
                            int slot = slotStart[is] + a;
                            int from = wIndex.get(group[c] * stride + slot);
                            if (readBy[from] != s + 1) {
                                readBy[from] = s + 1;
                                dst.add(slot);
                                src.add(from);
                            }
                        }
                    }
                }
                pairEnd[s] = dst.size();
                infosetEnd[s] = ops.size();
                // reset the marks of this state's children
                for (int k = groupStart[g]; k < groupStart[g + 1]; k++) {
                    int node = nodesOf[k];
                    for (int c = firstChild[node], end = c + childCount[node]; c < end; c++) {
                        seenGroup[group[c]] = false;
                    }
                }
                s++;
            }
            return new Program(stateKind, pairEnd, infosetEnd, dst.toArray(), src.toArray(), ops.toArray(),
                    opDsts.toArray());
        }
    }

    /** Number of w entries (values kept per iteration). */
    int size() {
        return w.length;
    }

    int terminalEntries() {
        return termW.length;
    }

    /**
     * Player p's counterfactual values bottom-up, adding its regrets (× {@code regretWeight}).
     *
     * @param seqReach    per slot, the own reach of the slot's player after playing it (index {@code numSlots}: 1)
     * @param regretScale per slot, the sum of the magnitudes of what was added to its regret (|action value| +
     *                    |infoset value|, × the weight): what the regret's rounding error is relative to
     */
    void backward(double regretWeight, double[] seqReach, double[] current, double[] regret, double[] regretScale,
            int[] slotStart) {
        final double[] w = this.w;
        final double[] q = this.actionValue;
        Arrays.fill(w, 0.0);
        Arrays.fill(q, 0.0);
        final int[] tw = termW;
        final int[] to = termOpponent;
        final double[] tc = termCoefficient;
        for (int e = 0; e < tw.length; e++) {
            w[tw[e]] += tc[e] * seqReach[to[e]];
        }
        final int[] pd = pairDst;
        final int[] ps = pairSrc;
        int k = 0;
        int op = 0;
        for (int s = 0; s < stateKind.length; s++) {
            int end = pairEnd[s];
            if (stateKind[s] == SUM) {
                for (; k < end; k++) {
                    w[pd[k]] += w[ps[k]];
                }
            } else {
                for (; k < end; k++) {
                    q[pd[k]] += w[ps[k]];
                }
                for (int opEnd = infosetEnd[s]; op < opEnd; op++) {
                    int is = opInfoset[op];
                    int from = slotStart[is];
                    int to2 = slotStart[is + 1];
                    double value = 0.0;
                    for (int slot = from; slot < to2; slot++) {
                        value += current[slot] * q[slot];
                    }
                    double absValue = Math.abs(value);
                    for (int slot = from; slot < to2; slot++) {
                        regret[slot] += regretWeight * (q[slot] - value);
                        regretScale[slot] += regretWeight * (Math.abs(q[slot]) + absValue);
                    }
                    w[opDst[op]] += value;
                }
            }
        }
    }

    /** A growable int array (construction only). */
    private static final class IntList {
        private int[] data = new int[64];
        private int size;

        void add(int x) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = x;
        }

        int get(int k) {
            return data[k];
        }

        int size() {
            return size;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
