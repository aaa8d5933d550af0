package dev.parley.nfg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.parley.game.NormalFormGame;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NashSolversTest {

    private static final double EXACT = 1e-9;

    @Test
    void rockPaperScissorsIsUniformWithValueZeroByEveryNashMethod() {
        NormalFormGame rps = TestGames.rockPaperScissors();
        ZeroSumLpSolver.Result lp = new ZeroSumLpSolver().solveZeroSum(rps);
        assertThat(lp.value()).isCloseTo(0, within(EXACT));
        for (MetaSolver solver : List.of(new ZeroSumLpSolver(), new LemkeHowson(), new SupportEnumeration(),
                new NashSolver())) {
            MetaSolution s = solver.solve(rps);
            for (double[] x : s.profile()) {
                assertThat(x).as(solver.name()).containsExactly(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0},
                        within(EXACT));
            }
            assertThat(s.payoffs()).containsExactly(new double[] {0, 0}, within(EXACT));
            assertThat(s.maxRegret()).isLessThanOrEqualTo(EXACT);
        }
        assertThat(new SupportEnumeration().solveAll(rps)).hasSize(1);
    }

    @Test
    void matchingPenniesIsOneHalfEach() {
        NormalFormGame mp = TestGames.matchingPennies();
        for (MetaSolver solver : List.of(new ZeroSumLpSolver(), new LemkeHowson(), new SupportEnumeration())) {
            MetaSolution s = solver.solve(mp);
            assertThat(s.profile()[0]).containsExactly(new double[] {0.5, 0.5}, within(EXACT));
            assertThat(s.profile()[1]).containsExactly(new double[] {0.5, 0.5}, within(EXACT));
        }
    }

    @Test
    void battleOfTheSexesHasExactlyTwoPureAndOneMixedEquilibrium() {
        NormalFormGame bos = TestGames.battleOfTheSexes();
        List<MetaSolution> all = new SupportEnumeration().solveAll(bos);
        double[][][] expected = {
            {{1, 0}, {1, 0}},
            {{0, 1}, {0, 1}},
            {{2 / 3.0, 1 / 3.0}, {1 / 3.0, 2 / 3.0}},
        };
        assertThat(all).hasSize(3);
        for (double[][] e : expected) {
            assertThat(all).anySatisfy(s -> {
                assertThat(s.profile()[0]).containsExactly(e[0], within(EXACT));
                assertThat(s.profile()[1]).containsExactly(e[1], within(EXACT));
            });
        }
        // The mixed equilibrium pays 2/3 to each.
        assertThat(all).anySatisfy(s -> assertThat(s.payoffs()).containsExactly(new double[] {2 / 3.0, 2 / 3.0},
                within(EXACT)));
    }

    @Test
    void lemkeHowsonFindsOnlyGenuineEquilibriaOfBattleOfTheSexes() {
        NormalFormGame bos = TestGames.battleOfTheSexes();
        List<MetaSolution> se = new SupportEnumeration().solveAll(bos);
        List<MetaSolution> lh = new LemkeHowson().solveAll(bos);
        assertThat(lh).isNotEmpty();
        for (MetaSolution s : lh) {
            double[] r = TestGames.bimatrixRegrets(bos, s.profile()[0], s.profile()[1]);
            assertThat(r[0]).isLessThanOrEqualTo(EXACT);
            assertThat(r[1]).isLessThanOrEqualTo(EXACT);
            assertThat(Equilibria.containsProfile(se, s)).as("LH equilibrium %s is one of the three", s).isTrue();
        }
        // Each label's path ends at a pure equilibrium in this game (the mixed one has index -1 and is unreachable
        // from the artificial equilibrium, Shapley 1974).
        assertThat(lh).hasSize(2);
    }

    @Test
    void randomBimatrixGamesUpTo8x8HaveOnlyLowRegretEquilibria() {
        Random rng = new Random(20240601L);
        for (int trial = 0; trial < 60; trial++) {
            int m = 1 + rng.nextInt(8);
            int n = 1 + rng.nextInt(8);
            NormalFormGame g = TestGames.randomBimatrix(rng, m, n);
            List<MetaSolution> se = new SupportEnumeration().solveAll(g);
            List<MetaSolution> lh = new LemkeHowson().solveAll(g);
            assertThat(se).as("a generic game has an odd number of equilibria").hasSizeGreaterThan(0);
            assertThat(se.size() % 2).as("generic games have an odd number of equilibria (%s)", g).isEqualTo(1);
            assertThat(lh).isNotEmpty();
            for (MetaSolution s : concat(se, lh)) {
                TestGames.assertDistribution(s.profile()[0]);
                TestGames.assertDistribution(s.profile()[1]);
                double[] r = TestGames.bimatrixRegrets(g, s.profile()[0], s.profile()[1]);
                assertThat(r[0]).as("%s %s", s.method(), g).isLessThanOrEqualTo(1e-8);
                assertThat(r[1]).as("%s %s", s.method(), g).isLessThanOrEqualTo(1e-8);
            }
            for (MetaSolution s : lh) {
                assertThat(Equilibria.containsProfile(se, s)).as("LH equilibrium is enumerated").isTrue();
            }
        }
    }

    @Test
    void randomZeroSumLpValueMatchesEveryEnumeratedEquilibrium() {
        Random rng = new Random(7);
        for (int trial = 0; trial < 30; trial++) {
            NormalFormGame g = TestGames.randomZeroSum(rng, 1 + rng.nextInt(8), 1 + rng.nextInt(8));
            ZeroSumLpSolver.Result lp = new ZeroSumLpSolver().solveZeroSum(g);
            MetaSolution s = new ZeroSumLpSolver().solve(g);
            double[] r = TestGames.bimatrixRegrets(g, s.profile()[0], s.profile()[1]);
            assertThat(r[0] + r[1]).isLessThanOrEqualTo(1e-8);
            for (MetaSolution e : new SupportEnumeration().solveAll(g)) {
                assertThat(e.payoffs()[0]).isCloseTo(lp.value(), within(1e-8));
            }
        }
    }

    @Test
    void degenerateGamesStillGiveGenuineEquilibria() {
        // Duplicate strategies and ties everywhere: lexicographic pivoting must not cycle.
        NormalFormGame g = NormalFormGame.bimatrix("degenerate", new double[][] {{1, 1, 0}, {1, 1, 0}, {0, 0, 1}},
                new double[][] {{1, 1, 0}, {1, 1, 0}, {0, 0, 1}});
        List<MetaSolution> lh = new LemkeHowson().solveAll(g);
        assertThat(lh).isNotEmpty();
        for (MetaSolution s : lh) {
            double[] r = TestGames.bimatrixRegrets(g, s.profile()[0], s.profile()[1]);
            assertThat(r[0] + r[1]).isLessThanOrEqualTo(1e-9);
        }
    }

    @Test
    void degenerateIntegerGamesNeverDefeatLemkeHowsonOrTheLps() {
        // Payoffs in {0, 1, 2}: ties everywhere, the worst case for pivoting rules.
        Random rng = new Random(5);
        for (int trial = 0; trial < 150; trial++) {
            int m = 1 + rng.nextInt(10);
            int n = 1 + rng.nextInt(10);
            double[][] a = new double[m][n];
            double[][] b = new double[m][n];
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    a[i][j] = rng.nextInt(3);
                    b[i][j] = rng.nextInt(3);
                }
            }
            NormalFormGame g = NormalFormGame.bimatrix("degenerate " + trial, a, b);
            List<MetaSolution> lh = new LemkeHowson().solveAll(g);
            assertThat(lh).as("%s", g).isNotEmpty();
            for (MetaSolution s : lh) {
                double[] r = TestGames.bimatrixRegrets(g, s.profile()[0], s.profile()[1]);
                assertThat(r[0] + r[1]).isLessThanOrEqualTo(1e-9);
            }
            for (CorrelatedEquilibriumSolver.Concept c : CorrelatedEquilibriumSolver.Concept.values()) {
                double gain = c == CorrelatedEquilibriumSolver.Concept.CE
                        ? CorrelatedAndBargainingTest.independentCeGain(g, new CorrelatedEquilibriumSolver(c).solve(g).joint())
                        : CorrelatedAndBargainingTest.independentCceGain(g, new CorrelatedEquilibriumSolver(c).solve(g).joint());
                assertThat(gain).isLessThanOrEqualTo(1e-9);
            }
        }
    }

    @Test
    void largeGamesStayAccurate() {
        Random rng = new Random(2024);
        for (int size : new int[] {20, 50}) {
            NormalFormGame z = TestGames.randomZeroSum(rng, size, size);
            MetaSolution lp = new ZeroSumLpSolver().solve(z);
            double[] r = TestGames.bimatrixRegrets(z, lp.profile()[0], lp.profile()[1]);
            assertThat(r[0] + r[1]).isLessThanOrEqualTo(1e-9);
            NormalFormGame g = TestGames.randomBimatrix(rng, size, size);
            MetaSolution lh = new LemkeHowson().solve(g);
            r = TestGames.bimatrixRegrets(g, lh.profile()[0], lh.profile()[1]);
            assertThat(r[0] + r[1]).isLessThanOrEqualTo(1e-9);
        }
    }

    @Test
    void twoPlayerSolversRefuseThreePlayerGamesClearly() {
        NormalFormGame three = TestGames.randomGame(new Random(1), 2, 2, 2);
        for (MetaSolver solver : List.of(new ZeroSumLpSolver(), new LemkeHowson(), new SupportEnumeration(),
                new NashSolver())) {
            assertThatThrownBy(() -> solver.solve(three)).isInstanceOf(MetaSolverException.class)
                    .hasMessageContaining("two-player games only").hasMessageContaining("3 players");
        }
    }

    @Test
    void zeroSumLpRefusesGeneralSumGames() {
        assertThatThrownBy(() -> new ZeroSumLpSolver().solve(TestGames.chicken()))
                .isInstanceOf(MetaSolverException.class).hasMessageContaining("zero-sum");
    }

    @Test
    void nashSolveAllListsBattleOfTheSexesEquilibria() {
        assertThat(new NashSolver().solveAll(TestGames.battleOfTheSexes())).hasSize(3);
    }

    private static List<MetaSolution> concat(List<MetaSolution> a, List<MetaSolution> b) {
        List<MetaSolution> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
