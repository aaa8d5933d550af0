package dev.parley.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The solver core of the baseline jar and of this build in one JVM, interleaved block by block, timed by the
 * thread's CPU time rather than the wall clock: on a machine shared with other work, wall time mostly measures
 * how long the thread waited for a core, while CPU time is what the code cost. Complements {@link Compare} (JMH,
 * wall time) when the machine is loaded.
 *
 * <p>The last rows compare CFR+ and DCFR with CFR within this build (their "baseline" column is CFR's).
 *
 * <pre>
 * java -Dparley.bench.baseline=OLD/benchmarks.jar -cp benchmarks.jar dev.parley.bench.CpuCompare ROUNDS CALLS [REGEX]
 * </pre>
 */
public final class CpuCompare {

    /**
     * An MCCFR iteration takes about a microsecond, a thousand times less than a CFR iteration: a timed MCCFR call is
     * this many iterations, so that its warm-up reaches the JIT's final tier and a timed block lasts tens of
     * milliseconds rather than one (too short against a loaded scheduler's time slices).
     */
    static final int MCCFR_PER_CALL = 100;

    private CpuCompare() {
    }

    /** One timed call of one build: a CFR or MCCFR iteration, a NashConv, or a meta-solver's solve. */
    private interface Call {
        void run() throws Throwable;
    }

    public static void main(String[] args) throws Throwable {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        java.util.regex.Pattern only = java.util.regex.Pattern.compile(args.length > 2 ? args[2] : ".*");
        Map<String, Call[]> cases = new LinkedHashMap<>();
        String[] builds = {"baseline", "new"};
        for (String variant : new String[] {"CFR", "CFR_PLUS", "DCFR"}) {
            Call[] pair = new Call[2];
            for (int b = 0; b < 2; b++) {
                Build.Api api = new Build.Api(builds[b]);
                Object solver = api.construct("dev.parley.cfr.CfrSolver", SolverBench.leducTree(api),
                        api.enumConstant("dev.parley.cfr.CfrVariant", variant));
                MethodHandle iterate = api.virtual(solver.getClass(), "iterate", MethodType.methodType(void.class),
                        MethodType.methodType(void.class, Object.class));
                pair[b] = () -> {
                    iterate.invokeExact(solver);
                };
            }
            cases.put(variant.toLowerCase(Locale.ROOT).replace("_plus", "+") + " iteration, Leduc", pair);
        }
        for (String sampling : new String[] {"EXTERNAL", "OUTCOME"}) {
            Call[] pair = new Call[2];
            for (int b = 0; b < 2; b++) {
                Build.Api api = new Build.Api(builds[b]);
                Object kind = api.enumConstant("dev.parley.mccfr.MccfrSolver$Sampling", sampling);
                Object solver = api.callStatic("dev.parley.mccfr.MccfrSolver", "onTree", SolverBench.leducTree(api),
                        kind, 1L);
                MethodHandle iterate = api.virtual(solver.getClass(), "iterate", MethodType.methodType(void.class),
                        MethodType.methodType(void.class, Object.class));
                pair[b] = () -> {
                    for (int i = 0; i < MCCFR_PER_CALL; i++) {
                        iterate.invokeExact(solver);
                    }
                };
            }
            cases.put("mccfr-" + (sampling.equals("EXTERNAL") ? "es" : "os") + " x" + MCCFR_PER_CALL + " iterations, Leduc",
                    pair);
        }
        Call[] nash = new Call[2];
        for (int b = 0; b < 2; b++) {
            Build.Api api = new Build.Api(builds[b]);
            Object tree = SolverBench.leducTree(api);
            Object policy = api.callStatic("dev.parley.game.TabularPolicy", "uniform", tree);
            double[] uniform = (double[]) api.call(policy, "toSlots", tree);
            MethodHandle h = api.staticMethod(api.type("dev.parley.eval.Exploitability"), "nashConv",
                    MethodType.methodType(double.class, api.type("dev.parley.game.GameTree"), double[].class),
                    MethodType.methodType(double.class, Object.class, double[].class));
            nash[b] = () -> {
                double unused = (double) h.invokeExact(tree, uniform);
            };
        }
        cases.put("NashConv, Leduc", nash);
        // The meta-solvers' tableau methods (the simplex LP, Lemke-Howson) on MetaSolverBench's three games.
        String[][] metaSolvers = {{"zero-sum LP, 50x50", "dev.parley.nfg.ZeroSumLpSolver", null, "50"},
            {"Lemke-Howson, 20x20", "dev.parley.nfg.LemkeHowson", null, "20"},
            {"CCE LP, 10x10", "dev.parley.nfg.CorrelatedEquilibriumSolver", "CCE", "10"}};
        java.util.Random rng = new java.util.Random(2024);
        for (String[] m : metaSolvers) {
            int n = Integer.parseInt(m[3]);
            double[][][] payoffs = MetaSolverBench.payoffs(rng, n, m[0].startsWith("zero-sum"));
            Call[] pair = new Call[2];
            for (int b = 0; b < 2; b++) {
                Build.Api api = new Build.Api(builds[b]);
                Object game = api.callStatic("dev.parley.game.NormalFormGame", "bimatrix", "random " + n, payoffs[0],
                        payoffs[1]);
                Object solver = m[2] == null ? api.construct(m[1])
                        : api.construct(m[1], api.enumConstant(m[1] + "$Concept", m[2]));
                pair[b] = () -> api.call(solver, "solve", game);
            }
            cases.put(m[0], pair);
        }
        // The variants against CFR within this build (the "baseline" columns are then this build's CFR).
        Build.Api here = new Build.Api("new");
        for (String variant : new String[] {"CFR_PLUS", "DCFR"}) {
            Call[] pair = new Call[2];
            String[] both = {"CFR", variant};
            for (int b = 0; b < 2; b++) {
                Object solver = here.construct("dev.parley.cfr.CfrSolver", SolverBench.leducTree(here),
                        here.enumConstant("dev.parley.cfr.CfrVariant", both[b]));
                MethodHandle iterate = here.virtual(solver.getClass(), "iterate", MethodType.methodType(void.class),
                        MethodType.methodType(void.class, Object.class));
                pair[b] = () -> {
                    iterate.invokeExact(solver);
                };
            }
            cases.put("new: " + variant.toLowerCase(Locale.ROOT).replace("_plus", "+") + " / cfr", pair);
        }
        System.out.printf(Locale.ROOT, "%-24s %-24s %-24s %s%n", "µs of CPU per call", "baseline min-max",
                "new min-max", "new / baseline: median (min-max) over " + rounds + " rounds");
        for (var e : cases.entrySet()) {
            if (!only.matcher(e.getKey()).find()) {
                continue;
            }
            Call[] pair = e.getValue();
            for (Call c : pair) { // warm-up: let the JIT compile both builds
                for (int i = 0; i < calls * 2; i++) {
                    c.run();
                }
            }
            CpuPair timed = CpuPair.time(rounds, calls, block(pair[0], calls), block(pair[1], calls));
            System.out.printf(Locale.ROOT, "%-24s %-24s %-24s %s%n", e.getKey(), timed.range(0), timed.range(1),
                    timed.ratios());
        }
    }

    /** {@code calls} calls of one build's code, timed as one block. */
    private static CpuPair.Block block(Call call, int calls) {
        return () -> {
            for (int i = 0; i < calls; i++) {
                call.run();
            }
        };
    }
}
