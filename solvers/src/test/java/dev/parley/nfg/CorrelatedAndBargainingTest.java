package dev.parley.nfg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.parley.game.NormalFormGame;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CorrelatedAndBargainingTest {

    private static final CorrelatedEquilibriumSolver.Concept CE = CorrelatedEquilibriumSolver.Concept.CE;
    private static final CorrelatedEquilibriumSolver.Concept CCE = CorrelatedEquilibriumSolver.Concept.CCE;

    @Test
    void chickenMaxWelfareCorrelatedEquilibriumPays10Point5AboveEveryNash() {
        NormalFormGame chicken = TestGames.chicken();
        MetaSolution ce = new CorrelatedEquilibriumSolver(CE).solve(chicken);
        assertThat(ce.welfare()).isCloseTo(10.5, within(1e-9));
        // Known optimum: 1/2 on (swerve, swerve), 1/4 on each of the asymmetric outcomes, nothing on (dare, dare).
        assertThat(ce.joint()).containsExactly(new double[] {0.5, 0.25, 0.25, 0}, within(1e-9));
        assertThat(independentCeGain(chicken, ce.joint())).isLessThanOrEqualTo(1e-9);
        assertThat(ce.maxRegret()).isLessThanOrEqualTo(1e-9);

        List<MetaSolution> nash = new SupportEnumeration().solveAll(chicken);
        assertThat(nash).hasSize(3);
        for (MetaSolution e : nash) {
            assertThat(e.welfare()).isLessThan(10.5 - 0.1);
        }
    }

    @Test
    void everyCeAndCceReturnedPassesAnIndependentIncentiveCheck() {
        Random rng = new Random(99);
        for (int trial = 0; trial < 25; trial++) {
            NormalFormGame g = trial < 20 ? TestGames.randomBimatrix(rng, 1 + rng.nextInt(6), 1 + rng.nextInt(6))
                    : TestGames.randomGame(rng, 2, 3, 2);
            for (CorrelatedEquilibriumSolver.Selection sel : CorrelatedEquilibriumSolver.Selection.values()) {
                MetaSolution ce = new CorrelatedEquilibriumSolver(CE, sel).solve(g);
                MetaSolution cce = new CorrelatedEquilibriumSolver(CCE, sel).solve(g);
                TestGames.assertDistribution(ce.joint());
                TestGames.assertDistribution(cce.joint());
                assertThat(independentCeGain(g, ce.joint())).as("CE %s %s", sel, g).isLessThanOrEqualTo(1e-9);
                assertThat(independentCceGain(g, cce.joint())).as("CCE %s %s", sel, g).isLessThanOrEqualTo(1e-9);
                assertThat(ce.maxRegret()).isLessThanOrEqualTo(1e-9);
                assertThat(cce.maxRegret()).isLessThanOrEqualTo(1e-9);
                // Every CE is a CCE, so the CCE LP's welfare optimum is at least the CE one.
                if (sel == CorrelatedEquilibriumSolver.Selection.MAX_WELFARE) {
                    assertThat(cce.welfare()).isGreaterThanOrEqualTo(ce.welfare() - 1e-9);
                }
            }
        }
    }

    @Test
    void minL2SelectionIsTheUniformCeOfRockPaperScissors() {
        // RPS has a unique CE (uniform over all 9 profiles). Frank-Wolfe stops at gap 1e-7, so ||π - π*|| <= 3.2e-4.
        NormalFormGame rps = TestGames.rockPaperScissors();
        MetaSolution s = new CorrelatedEquilibriumSolver(CE, CorrelatedEquilibriumSolver.Selection.MIN_L2).solve(rps);
        for (double p : s.joint()) {
            assertThat(p).isCloseTo(1 / 9.0, within(1e-3));
        }
    }

    @Test
    void minL2SelectionSpreadsMassMoreThanMaxWelfare() {
        // Chicken's CE polytope: min ||π||² is strictly below the max-welfare point's 0.375 and satisfies the
        // CE constraints; the Frank-Wolfe certificate bounds it from below.
        NormalFormGame chicken = TestGames.chicken();
        MetaSolution w = new CorrelatedEquilibriumSolver(CE).solve(chicken);
        MetaSolution l2 = new CorrelatedEquilibriumSolver(CE, CorrelatedEquilibriumSolver.Selection.MIN_L2)
                .solve(chicken);
        assertThat(sq(l2.joint())).isLessThan(sq(w.joint()) - 0.05);
        assertThat(independentCeGain(chicken, l2.joint())).isLessThanOrEqualTo(1e-9);
        // Symmetric game, strictly convex objective: the unique minimiser is symmetric.
        assertThat(l2.joint()[1]).isCloseTo(l2.joint()[2], within(1e-3));
    }

    @Test
    void cceOfAThreePlayerGame() {
        NormalFormGame g = TestGames.randomGame(new Random(3), 3, 2, 2);
        MetaSolution cce = new CorrelatedEquilibriumSolver(CCE).solve(g);
        assertThat(independentCceGain(g, cce.joint())).isLessThanOrEqualTo(1e-9);
        assertThat(cce.profile()).hasNumberOfRows(3);
    }

    @Test
    void nashBargainingSplitsTheFrontierAnalytically() {
        // Outcomes (0,0), (1,0), (0,1), (0,0): frontier u1 + u2 = 1.
        NormalFormGame split = NormalFormGame.bimatrix("split", new double[][] {{0, 1}, {0, 0}},
                new double[][] {{0, 0}, {1, 0}});
        MetaSolution even = new NashBargaining(NashBargaining.FeasibleSet.CONVEX_HULL, new double[] {0, 0})
                .solve(split);
        assertThat(even.payoffs()).containsExactly(new double[] {0.5, 0.5}, within(1e-6));
        // With d = (0.2, 0): maximise (u1 - 0.2) u2 on u1 + u2 = 1 → u1 = 0.6, u2 = 0.4.
        MetaSolution skew = new NashBargaining(NashBargaining.FeasibleSet.CONVEX_HULL, new double[] {0.2, 0})
                .solve(split);
        assertThat(skew.payoffs()).containsExactly(new double[] {0.6, 0.4}, within(1e-6));
    }

    @Test
    void nashBargainingInChickenIsMutualSwerving() {
        NormalFormGame chicken = TestGames.chicken();
        assertThat(NashBargaining.securityLevels(chicken)).containsExactly(new double[] {2, 2}, within(1e-9));
        MetaSolution hull = new NashBargaining().solve(chicken);
        assertThat(hull.payoffs()).containsExactly(new double[] {6, 6}, within(1e-6));
        // Restricted to correlated equilibria: the symmetric welfare-maximising CE (5.25, 5.25) is on the CE
        // frontier u1 + u2 = 10.5, where the symmetric point maximises the product.
        MetaSolution ce = new NashBargaining(NashBargaining.FeasibleSet.CORRELATED, null).solve(chicken);
        assertThat(ce.payoffs()).containsExactly(new double[] {5.25, 5.25}, within(1e-6));
        assertThat(independentCeGain(chicken, ce.joint())).isLessThanOrEqualTo(1e-9);
    }

    @Test
    void nashBargainingInAZeroSumGameIsTheValue() {
        MetaSolution s = new NashBargaining().solve(TestGames.matchingPennies());
        assertThat(s.payoffs()).containsExactly(new double[] {0, 0}, within(1e-8));
    }

    @Test
    void unreachableDisagreementPointIsAnError() {
        assertThatThrownBy(() -> new NashBargaining(NashBargaining.FeasibleSet.CONVEX_HULL, new double[] {7, 7})
                .solve(TestGames.chicken())).isInstanceOf(MetaSolverException.class)
                .hasMessageContaining("disagreement");
    }

    /** Largest CE incentive violation, from the definition, for any number of players. */
    static double independentCeGain(NormalFormGame g, double[] joint) {
        double worst = 0;
        for (int p = 0; p < g.numPlayers(); p++) {
            for (int a = 0; a < g.numStrategies(p); a++) {
                for (int b = 0; b < g.numStrategies(p); b++) {
                    double gain = 0;
                    for (int k = 0; k < g.numProfiles(); k++) {
                        int[] s = g.profile(k);
                        if (s[p] != a) {
                            continue;
                        }
                        s[p] = b;
                        gain += joint[k] * (g.payoff(p, s) - g.payoffAt(k, p));
                    }
                    worst = Math.max(worst, gain);
                }
            }
        }
        return worst;
    }

    /** Largest CCE incentive violation, from the definition. */
    static double independentCceGain(NormalFormGame g, double[] joint) {
        double worst = 0;
        for (int p = 0; p < g.numPlayers(); p++) {
            for (int b = 0; b < g.numStrategies(p); b++) {
                double gain = 0;
                for (int k = 0; k < g.numProfiles(); k++) {
                    int[] s = g.profile(k);
                    s[p] = b;
                    gain += joint[k] * (g.payoff(p, s) - g.payoffAt(k, p));
                }
                worst = Math.max(worst, gain);
            }
        }
        return worst;
    }

    private static double sq(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v * v;
        }
        return s;
    }
}
