package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;

/**
 * The paper's metrics on a compiled dialogue game (the baseline profile is {@link BaselinePolicy#slots}):
 * mixed profiles (one player on the solver's policy, the rest on the baseline), CFR gain and instruction mass.
 */
final class ProfileMetrics {

    private ProfileMetrics() {
    }

    /** {@code guided}'s policy at {@code player}'s infosets, {@code others} elsewhere. */
    static double[] mix(GameTree tree, int player, double[] guided, double[] others) {
        double[] slots = others.clone();
        for (int i = 0; i < tree.numInfosets(); i++) {
            if (tree.infosetPlayer(i) == player) {
                int start = tree.slotStart(i);
                System.arraycopy(guided, start, slots, start, tree.actionCount(i));
            }
        }
        return slots;
    }

    /** Per player: its payoff when it alone follows {@code guided} against the baseline. */
    static double[] guidedVsBaseline(GameTree tree, double[] guided, double[] baseline) {
        double[] result = new double[tree.numPlayers()];
        for (int p = 0; p < result.length; p++) {
            result[p] = Exploitability.expectedValues(tree, mix(tree, p, guided, baseline))[p];
        }
        return result;
    }

    /** Per player: the CFR gain, its payoff alone on {@code guided} against the baseline minus all-baseline. */
    static double[] cfrGain(GameTree tree, double[] guided, double[] baseline) {
        double[] alone = guidedVsBaseline(tree, guided, baseline);
        double[] base = Exploitability.expectedValues(tree, baseline);
        double[] gain = new double[alone.length];
        for (int p = 0; p < gain.length; p++) {
            gain[p] = alone[p] - base[p];
        }
        return gain;
    }

    /**
     * Per player, the share of its play going to each instruction under {@code profile}: every infoset weighted by
     * the probability of reaching it (chance and all players), summed over the actions carrying the instruction.
     */
    static double[][] instructionMass(GameTree tree, DialogueGame game, double[] profile) {
        int n = tree.numNodes();
        double[] reach = new double[n];
        reach[0] = 1.0;
        for (int node = 0; node < n; node++) {
            int pl = tree.player(node);
            if (pl == GameTree.TERMINAL) {
                continue;
            }
            for (int c = tree.firstChild(node), end = c + tree.childCount(node); c < end; c++) {
                reach[c] = reach[node] * (pl == GameTree.CHANCE ? tree.chanceProbability(c)
                        : profile[tree.edgeSlot(c)]);
            }
        }
        int k = game.instructions().size();
        double[][] mass = new double[tree.numPlayers()][k];
        double[] total = new double[tree.numPlayers()];
        for (int node = 0; node < n; node++) {
            int pl = tree.player(node);
            if (pl < 0 || reach[node] == 0) {
                continue;
            }
            for (int c = tree.firstChild(node), end = c + tree.childCount(node); c < end; c++) {
                int slot = tree.edgeSlot(c);
                int instruction = game.codec().instructionIndex(tree.slotAction(slot));
                mass[pl][instruction] += reach[node] * profile[slot];
            }
            total[pl] += reach[node];
        }
        for (int p = 0; p < mass.length; p++) {
            for (int i = 0; i < k; i++) {
                mass[p][i] = total[p] > 0 ? mass[p][i] / total[p] : 0;
            }
        }
        return mass;
    }
}
