package dev.parley.gambit;

import dev.parley.game.GameTree;

/**
 * Exact-enough evaluation on small trees for the tests: expected utilities of a behaviour profile, and a player's
 * best pure-strategy reply found by enumerating all its pure strategies (an independent check of a hand-derived
 * equilibrium, not a solver).
 */
final class TreeValues {

    private TreeValues() {
    }

    /** Expected utility of {@code player} when infoset i plays its actions with probabilities {@code strategy[i]}. */
    static double value(GameTree tree, double[][] strategy, int player) {
        return value(tree, 0, strategy, player);
    }

    private static double value(GameTree tree, int node, double[][] strategy, int player) {
        int p = tree.player(node);
        if (p == GameTree.TERMINAL) {
            return tree.utility(node, player);
        }
        double v = 0;
        for (int k = 0; k < tree.childCount(node); k++) {
            int child = tree.firstChild(node) + k;
            double weight = p == GameTree.CHANCE ? tree.chanceProbability(child) : strategy[tree.infoset(node)][k];
            if (weight != 0) {
                v += weight * value(tree, child, strategy, player);
            }
        }
        return v;
    }

    /** The best value {@code player} can reach with a pure strategy while the others keep {@code strategy}. */
    static double bestPureReply(GameTree tree, double[][] strategy, int player) {
        int m = tree.numInfosets();
        int[] own = java.util.stream.IntStream.range(0, m).filter(i -> tree.infosetPlayer(i) == player).toArray();
        int[] choice = new int[own.length];
        double best = Double.NEGATIVE_INFINITY;
        while (true) {
            double[][] profile = strategy.clone();
            for (int j = 0; j < own.length; j++) {
                profile[own[j]] = new double[tree.actionCount(own[j])];
                profile[own[j]][choice[j]] = 1;
            }
            best = Math.max(best, value(tree, profile, player));
            int j = 0;
            while (j < own.length && ++choice[j] == tree.actionCount(own[j])) {
                choice[j++] = 0;
            }
            if (j == own.length) {
                return best;
            }
        }
    }
}
