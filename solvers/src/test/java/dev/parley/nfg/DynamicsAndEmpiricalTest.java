package dev.parley.nfg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.parley.game.NormalFormGame;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DynamicsAndEmpiricalTest {

    @Test
    void dynamicsApproachTheUniformEquilibriumOfRockPaperScissors() {
        NormalFormGame rps = TestGames.rockPaperScissors();
        for (MetaSolver solver : List.of(ReplicatorDynamics.replicator(), ReplicatorDynamics.projected(),
                new RegretMatching())) {
            MetaSolution s = solver.solve(rps);
            for (double[] x : s.profile()) {
                assertThat(x).as(solver.name()).containsExactly(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0},
                        within(1e-3));
            }
        }
    }

    @Test
    void regretMatchingStopsAtTheRegretThreshold() {
        StoppingRule rule = new StoppingRule(0.05, 1_000_000, 1);
        MetaSolution s = new RegretMatching(rule).solve(TestGames.randomZeroSum(new Random(5), 4, 5));
        assertThat(s.sumRegret()).isLessThanOrEqualTo(0.05);
        assertThat(s.iterations()).isLessThan(1_000_000);
    }

    @Test
    void iterativeSolversStopAtMaxIterations() {
        StoppingRule rule = new StoppingRule(0, 50, 10);
        MetaSolution s = new RegretMatching(rule).solve(TestGames.randomZeroSum(new Random(5), 4, 5));
        assertThat(s.iterations()).isEqualTo(50);
        MetaSolution r = new ReplicatorDynamics(false, 0.05, 0, rule).solve(TestGames.rockPaperScissors());
        assertThat(r.iterations()).isLessThanOrEqualTo(50);
    }

    @Test
    void replicatorDynamicsFindsAStrictEquilibriumInAThreePlayerGame() {
        // Pure coordination among three players: all-0 pays 1 to everyone, all-1 pays 2, else 0.
        double[] payoffs = new double[8 * 3];
        java.util.Arrays.fill(payoffs, 0, 3, 1);
        java.util.Arrays.fill(payoffs, 21, 24, 2);
        NormalFormGame g = new NormalFormGame("coordination", List.of("a", "b", "c"),
                List.of(List.of("0", "1"), List.of("0", "1"), List.of("0", "1")), payoffs);
        MetaSolution s = ReplicatorDynamics.replicator().solve(g);
        assertThat(s.sumRegret()).isLessThanOrEqualTo(1e-6);
        // Regret matching returns the time average, whose early uniform play fades only as 1/T.
        MetaSolution rm = new RegretMatching().solve(g);
        assertThat(rm.sumRegret()).isLessThanOrEqualTo(1e-4);
        assertThat(rm.profile()[0][1]).isGreaterThan(0.999);
        assertThat(new UniformSolver().solve(g).profile()[2]).containsExactly(0.5, 0.5);
    }

    @Test
    void projectionOntoTheTruncatedSimplex() {
        double[] p = ReplicatorDynamics.projectTruncated(new double[] {1.2, 0.1, -0.3}, 0.01);
        assertThat(p[0] + p[1] + p[2]).isCloseTo(1, within(1e-12));
        assertThat(p).containsExactly(new double[] {0.98, 0.01, 0.01}, within(1e-12));
        assertThat(ReplicatorDynamics.projectSimplex(new double[] {0.5, 0.5}, 1)).containsExactly(0.5, 0.5);
    }

    @Test
    void empiricalGameKeepsMeanStandardErrorAndCounts() {
        EmpiricalGame.Builder b = new EmpiricalGame.Builder("meta", List.of("A", "B"));
        b.addStrategy(0, "a0");
        b.addStrategy(1, "b0");
        b.add(new int[] {0, 0}, new double[] {1, -1});
        b.add(new int[] {0, 0}, new double[] {3, -3});
        b.add(new int[] {0, 0}, new double[] {5, -5});
        b.addStrategy(0, "a1");
        b.setExact(new int[] {1, 0}, new double[] {2, 0.5});
        EmpiricalGame g = b.build();
        // Samples 1, 3, 5: mean 3, sample variance 4, standard error sqrt(4 / 3).
        assertThat(g.means()).containsExactly(new double[] {3, -3, 2, 0.5}, within(1e-12));
        assertThat(g.standardErrors()[0]).isCloseTo(Math.sqrt(4 / 3.0), within(1e-12));
        assertThat(g.standardErrors()[2]).isEqualTo(0);
        assertThat(g.samples()).containsExactly(3, 0);
        assertThat(g.totalSamples()).isEqualTo(3);
        NormalFormGame nfg = g.toNormalFormGame();
        assertThat(nfg.payoff(0, 1, 0)).isEqualTo(2);

        b.addStrategy(1, "b1");
        EmpiricalGame partial = b.build();
        assertThat(partial.means()[4]).isNaN();
        assertThatThrownBy(partial::toNormalFormGame).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no estimate");
    }

    @Test
    void mergedSummariesEqualOnePassOverAllSamples() {
        Random rng = new Random(8);
        double[] xs = new double[50];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = rng.nextGaussian() * 3 + 1;
        }
        EmpiricalGame.Builder all = new EmpiricalGame.Builder("g", List.of("A"));
        all.addStrategy(0, "a");
        for (double x : xs) {
            all.add(new int[] {0}, new double[] {x});
        }
        EmpiricalGame.Builder merged = new EmpiricalGame.Builder("g", List.of("A"));
        merged.addStrategy(0, "a");
        for (int[] part : new int[][] {{0, 20}, {20, 21}, {21, 50}}) {
            EmpiricalGame.Builder b = new EmpiricalGame.Builder("g", List.of("A"));
            b.addStrategy(0, "a");
            for (int i = part[0]; i < part[1]; i++) {
                b.add(new int[] {0}, new double[] {xs[i]});
            }
            EmpiricalGame e = b.build();
            double se = e.samples()[0] > 1 ? e.standardErrors()[0] : 0;
            merged.addEstimate(new int[] {0}, e.means(), new double[] {se}, e.samples()[0]);
        }
        EmpiricalGame x = all.build();
        EmpiricalGame y = merged.build();
        assertThat(y.samples()).containsExactly(50);
        assertThat(y.means()[0]).isCloseTo(x.means()[0], within(1e-12));
        assertThat(y.standardErrors()[0]).isCloseTo(x.standardErrors()[0], within(1e-12));
    }

    /**
     * Running means and standard errors, and summaries merged into them, pinned to the last bit (the values of the
     * inline Welford and Chan updates before RunningMoments): a reordered sum or product fails.
     */
    @Test
    void estimatesArePinnedToTheBit() {
        Random rng = new Random(11);
        EmpiricalGame.Builder b = new EmpiricalGame.Builder("g", List.of("A", "B"));
        b.addStrategy(0, "a0");
        b.addStrategy(0, "a1");
        b.addStrategy(1, "b0");
        for (int i = 0; i < 7; i++) {
            b.add(new int[] {0, 0}, new double[] {rng.nextGaussian() * 3 + 1, rng.nextDouble()});
        }
        b.add(new int[] {1, 0}, new double[] {rng.nextGaussian(), rng.nextGaussian()});
        b.addEstimate(new int[] {1, 0}, new double[] {0.3, -1.7}, new double[] {0.25, 0.6}, 9);
        b.addEstimate(new int[] {0, 0}, new double[] {1.1, 0.4}, new double[] {0.7, 0.1}, 1);
        EmpiricalGame g = b.build();
        assertThat(g.means()).containsExactly(1.9400732387909199, 0.4875370798166251, 0.505214261522267,
                -1.581506244599985);
        assertThat(g.standardErrors()).containsExactly(1.0987368007299585, 0.11914639873452425, 0.30350105952389933,
                0.5495823596775997);
        assertThat(g.samples()).containsExactly(8, 10);
    }
}
