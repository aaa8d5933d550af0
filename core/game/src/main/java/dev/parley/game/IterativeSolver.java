package dev.parley.game;

/**
 * A solver that improves its policy one iteration at a time and answers with the average of its policies, as
 * OpenSpiel's {@code CFRSolverBase}: CFR and its variants, Monte-Carlo CFR. In two-player zero-sum games with perfect
 * recall the average policy, not the current one, is what converges to an equilibrium.
 */
public interface IterativeSolver {

    /** Runs one iteration. */
    void iterate();

    /** The number of iterations completed. */
    int iterations();

    /** The average policy over every infoset (uniform where nothing has been accumulated yet). */
    TabularPolicy averagePolicy();

    /**
     * The average policy as slot probabilities of {@code tree} (the game this solver runs on, compiled), the form
     * the tree's evaluators read. Solvers that keep their policy in that form hand it over without a copy through
     * a table.
     */
    default double[] averagePolicySlots(GameTree tree) {
        return averagePolicy().toSlots(tree);
    }

    /** Runs {@code count} iterations. */
    default void run(int count) {
        for (int i = 0; i < count; i++) {
            iterate();
        }
    }
}
