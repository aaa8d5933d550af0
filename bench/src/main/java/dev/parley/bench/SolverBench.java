package dev.parley.bench;

import dev.parley.cfr.CfrSolver;
import dev.parley.domain.poker.LeducPoker;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.TabularPolicy;
import dev.parley.solver.Solvers;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The solver core on Leduc poker (9457 histories, 936 infosets): one CFR-family iteration (both players updated),
 * one MCCFR iteration, one full NashConv, and compiling the game into a {@link GameTree}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SolverBench {

    @State(Scope.Benchmark)
    public static class Leduc {
        GameTree tree;
        double[] uniform;

        @Setup(Level.Trial)
        public void setUp() {
            tree = GameTree.compile(new LeducPoker());
            uniform = TabularPolicy.uniform(tree).toSlots(tree);
        }
    }

    @State(Scope.Benchmark)
    public static class Cfr {
        @Param({"cfr", "cfr+", "dcfr"})
        String variant;
        CfrSolver solver;

        @Setup(Level.Trial)
        public void setUp() {
            solver = new CfrSolver(GameTree.compile(new LeducPoker()), Solvers.requireCfr(variant));
        }
    }

    @State(Scope.Benchmark)
    public static class Mccfr {
        @Param({"mccfr-es", "mccfr-os"})
        String sampling;
        IterativeSolver solver;

        @Setup(Level.Trial)
        public void setUp() {
            solver = Solvers.require(sampling).onTree(GameTree.compile(new LeducPoker()), 1);
        }
    }

    /** One iteration of CFR, CFR+ or DCFR on Leduc: a traversal and update for each of the two players. */
    @Benchmark
    public int cfrIterationLeduc(Cfr state) {
        state.solver.iterate();
        return state.solver.iterations();
    }

    /** One MCCFR iteration on Leduc (one sampled traversal per player). */
    @Benchmark
    public int mccfrIterationLeduc(Mccfr state) {
        state.solver.iterate();
        return state.solver.iterations();
    }

    /** NashConv of the uniform policy on Leduc: expected values plus a best response for each player. */
    @Benchmark
    public double nashConvLeduc(Leduc state) {
        return Exploitability.nashConv(state.tree, state.uniform);
    }

    /** Compiling Leduc poker into flat arrays. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public GameTree compileLeduc() {
        return GameTree.compile(new LeducPoker());
    }
}
