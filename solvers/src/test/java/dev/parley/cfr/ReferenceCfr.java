package dev.parley.cfr;

import dev.parley.game.GameTree;
import java.util.Arrays;

/**
 * A literal, recursive transcription of OpenSpiel's {@code CFRSolverBase::ComputeCounterFactualRegret} (commit
 * 112b777) over a {@link GameTree}, history by history: a reach vector with one entry per player and chance last,
 * the subtree skipped only when every player's reach is zero, the counterfactual reach the product of the others'
 * entries in index order, the regret and the average (self reach × current policy) added at every visited history
 * of the updating player after its children, then regret matching (RM+ for CFR+) on every infoset. {@code fused}
 * evaluates each {@code a += b * c} as one fused multiply-add, as GCC compiles OpenSpiel with {@code -march=native}.
 * Slow and simple on purpose: the test oracle for {@link CfrSolver}. Recursive, so for shallow test games only.
 */
final class ReferenceCfr {

    private final GameTree tree;
    private final boolean plus;
    private final boolean fused;
    private final double[] regret;
    private final double[] cumulative;
    private final double[] current;
    private int iteration;

    ReferenceCfr(GameTree tree, boolean plus, boolean fused) {
        this.tree = tree;
        this.plus = plus;
        this.fused = fused;
        int slots = tree.numSlots();
        regret = new double[slots];
        cumulative = new double[slots];
        current = new double[slots];
        for (int i = 0; i < tree.numInfosets(); i++) {
            Arrays.fill(current, tree.slotStart(i), tree.slotStart(i) + tree.actionCount(i), 1.0 / tree.actionCount(i));
        }
    }

    private double madd(double acc, double a, double b) {
        return fused ? Math.fma(a, b, acc) : acc + a * b;
    }

    void iterate() {
        iteration++;
        for (int p = 0; p < tree.numPlayers(); p++) {
            double[] reach = new double[tree.numPlayers() + 1];
            Arrays.fill(reach, 1.0);
            values(0, p, reach);
            for (int i = 0; i < tree.numInfosets(); i++) {
                int s0 = tree.slotStart(i);
                int end = s0 + tree.actionCount(i);
                if (plus) {
                    for (int s = s0; s < end; s++) {
                        if (regret[s] < 0) {
                            regret[s] = 0;
                        }
                    }
                }
                double positive = 0;
                for (int s = s0; s < end; s++) {
                    if (regret[s] > 0) {
                        positive += regret[s];
                    }
                }
                for (int s = s0; s < end; s++) {
                    current[s] = positive > 0 ? (regret[s] > 0 ? regret[s] / positive : 0) : 1.0 / (end - s0);
                }
            }
        }
    }

    private double[] values(int node, int updating, double[] reach) {
        int players = tree.numPlayers();
        int pl = tree.player(node);
        double[] value = new double[players];
        if (pl == GameTree.TERMINAL) {
            for (int q = 0; q < players; q++) {
                value[q] = tree.utility(node, q);
            }
            return value;
        }
        if (pl != GameTree.CHANCE) {
            boolean allZero = true;
            for (int q = 0; q < players; q++) {
                allZero &= reach[q] == 0.0;
            }
            if (allZero) {
                return value;
            }
        }
        int c0 = tree.firstChild(node);
        int k = tree.childCount(node);
        double[] childValue = new double[k];
        int who = pl == GameTree.CHANCE ? players : pl;
        for (int a = 0; a < k; a++) {
            int c = c0 + a;
            double prob = pl == GameTree.CHANCE ? tree.chanceProbability(c) : current[tree.edgeSlot(c)];
            double[] next = reach.clone();
            next[who] *= prob;
            double[] v = values(c, updating, next);
            for (int q = 0; q < players; q++) {
                value[q] = madd(value[q], prob, v[q]);
            }
            childValue[a] = pl == GameTree.CHANCE ? 0 : v[pl];
        }
        if (pl == updating) {
            double cf = 1.0;
            for (int q = 0; q < reach.length; q++) {
                if (q != pl) {
                    cf *= reach[q];
                }
            }
            for (int a = 0; a < k; a++) {
                int s = tree.edgeSlot(c0 + a);
                regret[s] = madd(regret[s], cf, childValue[a] - value[pl]);
                cumulative[s] = madd(cumulative[s], (plus ? iteration : 1.0) * reach[pl], current[s]);
            }
        }
        return value;
    }

    double[] regrets() {
        return regret.clone();
    }

    double[] averagePolicySlots() {
        double[] avg = new double[cumulative.length];
        for (int i = 0; i < tree.numInfosets(); i++) {
            int s0 = tree.slotStart(i);
            int end = s0 + tree.actionCount(i);
            double total = 0;
            for (int s = s0; s < end; s++) {
                total += cumulative[s];
            }
            for (int s = s0; s < end; s++) {
                avg[s] = total > 0 ? cumulative[s] / total : 1.0 / (end - s0);
            }
        }
        return avg;
    }
}
