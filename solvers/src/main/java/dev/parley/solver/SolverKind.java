package dev.parley.solver;

import dev.parley.cfr.CfrSolver;
import dev.parley.cfr.CfrVariant;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.mccfr.MccfrSolver;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;

/**
 * A solver known by name (see {@link Solvers}): how to make it for one game, and what kind of run it gives. The
 * commands ask these questions rather than the solver's class, so a family registered in {@link Solvers} is offered
 * everywhere a solver is chosen by name.
 */
public interface SolverKind {

    /** The name on the command line and in reports. */
    String name();

    /**
     * Whether it samples: a run needs a budget (iterations, model calls or seconds), its figures are estimates, and
     * it runs on the game itself ({@link #onGame}), expanding nothing. An exact solver walks the compiled tree and
     * its figures are the tree's.
     */
    boolean sampled();

    /** A solver on a compiled tree; {@code seed} drives sampling (full-tree solvers draw nothing). */
    IterativeSolver onTree(GameTree tree, long seed);

    /** Whether it can run on a game directly, one too large to compile: by default, what a sampled solver does. */
    default boolean runsOnGame() {
        return sampled();
    }

    /**
     * A solver on a game directly.
     *
     * @throws UnsupportedOperationException if it needs the compiled tree ({@link #runsOnGame} is false)
     */
    default IterativeSolver onGame(Game game, long seed) {
        throw new UnsupportedOperationException(name() + " needs the game's compiled tree");
    }

    /** How a long sampled run is saved and continued, if it can be (experiment's state file); by default it cannot. */
    default Optional<Saving> saving() {
        return Optional.empty();
    }

    /**
     * Saving and continuing a run on a game: a run continued from its save goes on exactly as the uninterrupted
     * run would.
     */
    interface Saving {

        /** A fresh solver on {@code game} whose run can be saved. */
        IterativeSolver start(Game game, long seed);

        /** Writes the state of {@code solver}, one that {@link #start} or {@link #resume} made. */
        void save(IterativeSolver solver, OutputStream out) throws IOException;

        /**
         * The solver saved in {@code in}, for {@code game}.
         *
         * @throws IOException on a stream that is not a saved solver, or one saved for another game
         */
        Saved resume(Game game, InputStream in) throws IOException;
    }

    /** A solver read back: which solver wrote it (by name) and the seed it was made with. */
    record Saved(IterativeSolver solver, String name, long seed) { }

    /**
     * A full-tree CFR variant, walking every history or, in vector form, the game's public tree once (see
     * {@link CfrSolver#vectorForm}).
     */
    record Cfr(String name, CfrVariant variant, boolean vectorForm) implements SolverKind {

        public Cfr(String name, CfrVariant variant) {
            this(name, variant, false);
        }

        @Override
        public boolean sampled() {
            return false;
        }

        @Override
        public IterativeSolver onTree(GameTree tree, long seed) {
            return vectorForm ? CfrSolver.vectorForm(tree, variant) : new CfrSolver(tree, variant);
        }
    }

    /** Monte-Carlo CFR with one of its samplings; its runs on a game can be saved and continued. */
    record Mccfr(String name, MccfrSolver.Sampling sampling) implements SolverKind, Saving {

        @Override
        public boolean sampled() {
            return true;
        }

        @Override
        public IterativeSolver onTree(GameTree tree, long seed) {
            return MccfrSolver.onTree(tree, sampling, seed);
        }

        @Override
        public IterativeSolver onGame(Game game, long seed) {
            return MccfrSolver.onGame(game, sampling, seed);
        }

        @Override
        public Optional<Saving> saving() {
            return Optional.of(this);
        }

        @Override
        public IterativeSolver start(Game game, long seed) {
            return MccfrSolver.resumableOnGame(game, sampling, seed);
        }

        @Override
        public void save(IterativeSolver solver, OutputStream out) throws IOException {
            ((MccfrSolver) solver).save(out);
        }

        @Override
        public Saved resume(Game game, InputStream in) throws IOException {
            MccfrSolver solver = MccfrSolver.resume(game, in);
            return new Saved(solver, Solvers.nameOf(solver.sampling()), solver.seed());
        }
    }
}
