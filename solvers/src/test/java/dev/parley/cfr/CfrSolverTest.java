package dev.parley.cfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parley.domain.poker.KuhnPoker;
import dev.parley.domain.poker.LeducPoker;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import org.junit.jupiter.api.Test;

/** Convergence to the published values with OpenSpiel's test thresholds (REFERENCES.md). */
class CfrSolverTest {

    private static final double KUHN_VALUE = -1.0 / 18.0;
    private static final double LEDUC_VALUE = -0.085606424078;
    private static final GameTree KUHN = GameTree.compile(new KuhnPoker(2));
    private static final GameTree LEDUC = GameTree.compile(new LeducPoker());

    private static double[] solve(GameTree tree, CfrVariant v, int iterations) {
        CfrSolver solver = new CfrSolver(tree, v);
        solver.run(iterations);
        assertThat(solver.iterations()).isEqualTo(iterations);
        return solver.averagePolicySlots();
    }

    @Test
    void cfrReachesKuhnValueIn300Iterations() {
        double[] avg = solve(KUHN, CfrVariant.CFR, 300);
        assertThat(Exploitability.expectedValues(KUHN, avg)[0]).isCloseTo(KUHN_VALUE, within(1e-3));
        assertThat(Exploitability.nashConv(KUHN, avg)).isLessThan(0.01);
    }

    @Test
    void cfrPlusIsWithin1e3ExploitabilityIn200Iterations() {
        double[] avg = solve(KUHN, CfrVariant.CFR_PLUS, 200);
        assertThat(Exploitability.exploitability(KUHN, avg)).isLessThanOrEqualTo(1e-3);
        assertThat(Exploitability.expectedValues(KUHN, avg)[0]).isCloseTo(KUHN_VALUE, within(1e-3));
    }

    @Test
    void dcfrReachesKuhnValueIn300Iterations() {
        double[] avg = solve(KUHN, CfrVariant.DCFR, 300);
        assertThat(Exploitability.expectedValues(KUHN, avg)[0]).isCloseTo(KUHN_VALUE, within(1e-3));
        assertThat(Exploitability.nashConv(KUHN, avg)).isLessThan(0.01);
    }

    @Test
    void linearCfrConvergesOnKuhn() {
        double[] avg = solve(KUHN, CfrVariant.LINEAR, 300);
        assertThat(Exploitability.expectedValues(KUHN, avg)[0]).isCloseTo(KUHN_VALUE, within(1e-3));
        assertThat(Exploitability.nashConv(KUHN, avg)).isLessThan(0.01);
    }

    @Test
    void cfrTenIterationsOnLeducHasNashConvAtMostTwo() {
        assertThat(Exploitability.nashConv(LEDUC, solve(LEDUC, CfrVariant.CFR, 10))).isLessThanOrEqualTo(2.0);
    }

    @Test
    void cfrPlusReachesLeducValueIn1000Iterations() {
        double[] avg = solve(LEDUC, CfrVariant.CFR_PLUS, 1000);
        assertThat(Exploitability.expectedValues(LEDUC, avg)[0]).isCloseTo(LEDUC_VALUE, within(2e-3));
        assertThat(Exploitability.nashConv(LEDUC, avg)).isLessThan(0.01);
    }

    @Test
    void threePlayerKuhnNashConvFallsFromUniform() {
        GameTree kuhn3 = GameTree.compile(new KuhnPoker(3));
        double[] avg = solve(kuhn3, CfrVariant.CFR, 1000);
        // CFR carries no guarantee beyond two players, but on 3-player Kuhn it approaches equilibrium closely.
        assertThat(Exploitability.nashConv(kuhn3, avg)).isLessThan(0.05).isLessThan(2.0625);
    }

    @Test
    void firstIterationMatchesAHandComputedStep() {
        // After one CFR iteration on Kuhn, player 0's average at its first infosets is uniform (own reach 1,
        // uniform current policy), and the current policy with a King at the root bets (betting gains).
        CfrSolver solver = new CfrSolver(KUHN, CfrVariant.CFR);
        solver.iterate();
        double[] avg = solver.averagePolicySlots();
        int king = KUHN.infosetIndex("2");
        assertThat(avg[KUHN.slotStart(king)]).isCloseTo(0.5, within(1e-15));
        double[] current = solver.currentPolicySlots();
        assertThat(current[KUHN.slotStart(king) + KuhnPoker.BET]).isEqualTo(1.0);
        int jack = KUHN.infosetIndex("0");
        // Against a uniform opponent a Jack bluffs: betting is worth -1/2, passing -5/4.
        assertThat(current[KUHN.slotStart(jack) + KuhnPoker.BET]).isEqualTo(1.0);
    }
}
