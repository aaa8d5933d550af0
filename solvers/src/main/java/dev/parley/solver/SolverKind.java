package dev.parley.solver;

import dev.parley.cfr.CfrSolver;
import dev.parley.cfr.CfrVariant;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.mccfr.MccfrSolver;

/** A solver known by name (see {@link Solvers}): how to make it for one game. */
public sealed interface SolverKind permits SolverKind.Cfr, SolverKind.Mccfr {

    /** The name on the command line and in reports. */
    String name();

    /** A solver on a compiled tree; {@code seed} drives sampling (full-tree solvers draw nothing). */
    IterativeSolver onTree(GameTree tree, long seed);

    /** Whether it can run on a game directly, one too large to compile. */
    boolean runsOnGame();

    /**
     * A solver on a game directly.
     *
     * @throws UnsupportedOperationException if it needs the compiled tree ({@link #runsOnGame} is false)
     */
    IterativeSolver onGame(Game game, long seed);

    /**
     * A full-tree CFR variant, walking every history or, in vector form, the game's public tree once (see
     * {@link CfrSolver#vectorForm}).
     */
    record Cfr(String name, CfrVariant variant, boolean vectorForm) implements SolverKind {

        public Cfr(String name, CfrVariant variant) {
            this(name, variant, false);
        }

        @Override
        public IterativeSolver onTree(GameTree tree, long seed) {
            return vectorForm ? CfrSolver.vectorForm(tree, variant) : new CfrSolver(tree, variant);
        }

        @Override
        public boolean runsOnGame() {
            return false;
        }

        @Override
        public IterativeSolver onGame(Game game, long seed) {
            throw new UnsupportedOperationException(name + " needs the game's compiled tree");
        }
    }

    /** Monte-Carlo CFR with one of its samplings. */
    record Mccfr(String name, MccfrSolver.Sampling sampling) implements SolverKind {

        @Override
        public IterativeSolver onTree(GameTree tree, long seed) {
            return MccfrSolver.onTree(tree, sampling, seed);
        }

        @Override
        public boolean runsOnGame() {
            return true;
        }

        @Override
        public IterativeSolver onGame(Game game, long seed) {
            return MccfrSolver.onGame(game, sampling, seed);
        }
    }
}
