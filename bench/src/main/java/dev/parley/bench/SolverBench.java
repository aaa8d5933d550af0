package dev.parley.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The solver core on Leduc poker (9457 histories, 936 infosets): one CFR-family iteration (both players updated),
 * one MCCFR iteration, one full NashConv, and compiling the game into a {@code GameTree}.
 *
 * <p>{@code build} is {@code new} (this checkout) or {@code baseline} (the jar named by
 * {@code -Dparley.bench.baseline}); {@link Compare} runs both, interleaved, and reports their ratio. The calls go
 * through method handles on the public API both builds share.
 */
public class SolverBench extends MicroBenchmark {

    private static final MethodType VOID_OF_OBJECT = MethodType.methodType(void.class, Object.class);

    /** Leduc poker compiled by one build. */
    static Object leducTree(Build.Api api) throws Throwable {
        Object game = api.construct("dev.parley.game.poker.LeducPoker");
        return api.callStatic("dev.parley.game.GameTree", "compile", game);
    }

    @State(Scope.Benchmark)
    public static class Leduc {
        @Param({"new"})
        String build;
        Object tree;
        double[] uniform;
        MethodHandle nashConv;

        @Setup(Level.Trial)
        public void setUp() throws Throwable {
            Build.Api api = new Build.Api(build);
            tree = leducTree(api);
            Object policy = api.callStatic("dev.parley.game.TabularPolicy", "uniform", tree);
            uniform = (double[]) api.call(policy, "toSlots", tree);
            Class<?> treeType = api.type("dev.parley.game.GameTree");
            nashConv = api.staticMethod(api.type("dev.parley.eval.Exploitability"), "nashConv",
                    MethodType.methodType(double.class, treeType, double[].class),
                    MethodType.methodType(double.class, Object.class, double[].class));
        }
    }

    /** A solver on Leduc made by one build, and its {@code iterate()} as a handle. */
    @State(Scope.Benchmark)
    public abstract static class Iterating {
        @Param({"new"})
        String build;
        Object solver;
        MethodHandle iterate;

        @Setup(Level.Trial)
        public void setUp() throws Throwable {
            Build.Api api = new Build.Api(build);
            solver = solver(api, leducTree(api));
            iterate = api.virtual(solver.getClass(), "iterate", MethodType.methodType(void.class), VOID_OF_OBJECT);
        }

        abstract Object solver(Build.Api api, Object tree) throws Throwable;
    }

    @State(Scope.Benchmark)
    public static class Cfr extends Iterating {
        @Param({"cfr", "cfr+", "dcfr"})
        String variant;

        @Override
        Object solver(Build.Api api, Object tree) throws Throwable {
            String constant = switch (variant) {
                case "cfr" -> "CFR";
                case "cfr+" -> "CFR_PLUS";
                case "dcfr" -> "DCFR";
                default -> throw new IllegalArgumentException(variant);
            };
            return api.construct("dev.parley.cfr.CfrSolver", tree,
                    api.enumConstant("dev.parley.cfr.CfrVariant", constant));
        }
    }

    @State(Scope.Benchmark)
    public static class Mccfr extends Iterating {
        @Param({"mccfr-es", "mccfr-os"})
        String sampling;

        @Override
        Object solver(Build.Api api, Object tree) throws Throwable {
            Object kind = api.enumConstant("dev.parley.mccfr.MccfrSolver$Sampling",
                    sampling.equals("mccfr-es") ? "EXTERNAL" : "OUTCOME");
            return api.callStatic("dev.parley.mccfr.MccfrSolver", "onTree", tree, kind, 1L);
        }
    }

    /** One iteration of CFR, CFR+ or DCFR on Leduc: a traversal and update for each of the two players. */
    @Benchmark
    public void cfrIterationLeduc(Cfr state) throws Throwable {
        state.iterate.invokeExact(state.solver);
    }

    /** One MCCFR iteration on Leduc (one sampled traversal per player). */
    @Benchmark
    public void mccfrIterationLeduc(Mccfr state) throws Throwable {
        state.iterate.invokeExact(state.solver);
    }

    /** NashConv of the uniform policy on Leduc: expected values plus a best response for each player. */
    @Benchmark
    public double nashConvLeduc(Leduc state) throws Throwable {
        return (double) state.nashConv.invokeExact(state.tree, state.uniform);
    }

    /** Compiling Leduc poker into flat arrays. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public Object compileLeduc() {
        return dev.parley.game.GameTree.compile(new dev.parley.game.poker.LeducPoker());
    }
}
