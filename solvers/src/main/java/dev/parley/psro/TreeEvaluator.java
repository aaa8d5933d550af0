package dev.parley.psro;

import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.Policy;
import java.util.List;
import java.util.Random;

/** Exact meta-game entries by a full walk of a compiled {@link GameTree}. */
public final class TreeEvaluator implements ProfileEvaluator {

    private final GameTree tree;

    public TreeEvaluator(GameTree tree) {
        this.tree = tree;
    }

    @Override
    public Evaluation evaluate(List<Policy> profile, Random rng) {
        double[] v = Exploitability.expectedValues(tree, PopulationMixture.profileSlots(tree, profile));
        return new Evaluation(v, new double[v.length], 0);
    }
}
