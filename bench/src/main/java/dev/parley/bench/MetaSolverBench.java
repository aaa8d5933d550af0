package dev.parley.bench;

import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.GameTree;
import dev.parley.game.NormalFormGame;
import dev.parley.nfg.CorrelatedEquilibriumSolver;
import dev.parley.nfg.LemkeHowson;
import dev.parley.nfg.MetaSolution;
import dev.parley.nfg.MetaSolvers;
import dev.parley.nfg.ZeroSumLpSolver;
import dev.parley.psro.ExactBestResponseOracle;
import dev.parley.psro.Psro;
import dev.parley.psro.PsroIteration;
import dev.parley.psro.TreeEvaluator;
import java.util.Random;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Meta-solvers on seeded random games (payoffs uniform in [-10, 10]): the zero-sum LP on 50×50, Lemke–Howson
 * (label 0) on a 20×20 general-sum game, the max-welfare CCE LP on a 10×10 general-sum game; and one PSRO iteration
 * on Kuhn poker (exact best responses, Nash meta-solver, exact evaluation) from a 4×4 population, the fourth
 * iteration of a run started from the uniform policies.
 */
public class MetaSolverBench extends MicroBenchmark {

    @State(Scope.Benchmark)
    public static class Games {
        NormalFormGame zeroSum50;
        NormalFormGame general20;
        NormalFormGame general10;

        @Setup(Level.Trial)
        public void setUp() {
            Random rng = new Random(2024);
            zeroSum50 = random(rng, 50, true);
            general20 = random(rng, 20, false);
            general10 = random(rng, 10, false);
        }

        private static NormalFormGame random(Random rng, int n, boolean zeroSum) {
            double[][][] ab = payoffs(rng, n, zeroSum);
            return NormalFormGame.bimatrix("random " + n, ab[0], ab[1]);
        }
    }

    /**
     * An n×n game's payoffs, the row player's and the column player's, uniform in [-10, 10] from {@code rng}. The
     * three games above are drawn from {@code new Random(2024)} in the order 50 zero-sum, 20, 10 ({@link CpuCompare}
     * draws the same).
     */
    static double[][][] payoffs(Random rng, int n, boolean zeroSum) {
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = rng.nextDouble() * 20 - 10;
                b[i][j] = zeroSum ? -a[i][j] : rng.nextDouble() * 20 - 10;
            }
        }
        return new double[][][] {a, b};
    }

    @State(Scope.Thread)
    public static class KuhnPsro {
        static final GameTree TREE = GameTree.compile(new KuhnPoker(2));
        Psro psro;

        @Setup(Level.Invocation)
        public void setUp() {
            psro = new Psro(new KuhnPoker(2), new Psro.Config(MetaSolvers.require("nash"),
                    new ExactBestResponseOracle(TREE), new TreeEvaluator(TREE), TREE, 1));
            psro.run(3);
        }
    }

    @Benchmark
    public MetaSolution zeroSumLp50x50(Games g) {
        return new ZeroSumLpSolver().solve(g.zeroSum50);
    }

    @Benchmark
    public MetaSolution lemkeHowson20x20(Games g) {
        return new LemkeHowson().solve(g.general20);
    }

    @Benchmark
    public MetaSolution cceLp10x10(Games g) {
        return new CorrelatedEquilibriumSolver(CorrelatedEquilibriumSolver.Concept.CCE).solve(g.general10);
    }

    @Benchmark
    public PsroIteration psroIterationKuhn(KuhnPsro k) {
        return k.psro.step();
    }
}
