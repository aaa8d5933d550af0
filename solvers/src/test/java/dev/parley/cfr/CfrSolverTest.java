package dev.parley.cfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.poker.LeducPoker;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Convergence to the published values with OpenSpiel's test thresholds (docs/references.md), one row per variant and
 * game: after so many iterations the average policy's value for player 0 lies within a tolerance of the game's
 * value (where the row gives one) and its NashConv is below a bound.
 */
class CfrSolverTest {

    private static final double KUHN_VALUE = -1.0 / 18.0;
    private static final double LEDUC_VALUE = -0.085606424078;
    private static final GameTree KUHN = GameTree.compile(new KuhnPoker(2));
    private static final GameTree LEDUC = GameTree.compile(new LeducPoker());
    private static final GameTree KUHN3 = GameTree.compile(new KuhnPoker(3));

    /**
     * @param value     player 0's value in equilibrium, or NaN where the row checks NashConv only
     * @param tolerance how far the average policy's value may lie from it
     * @param nashConv  the bound NashConv must stay below
     */
    record Row(CfrVariant variant, String game, GameTree tree, int iterations, double value, double tolerance,
               double nashConv) {
        @Override
        public String toString() {
            return variant.title() + " on " + game + ", " + iterations + " iterations";
        }
    }

    static Stream<Row> table() {
        double none = Double.NaN;
        return Stream.of(
                new Row(CfrVariant.CFR, "Kuhn", KUHN, 300, KUHN_VALUE, 1e-3, 0.01),
                // OpenSpiel's CFR+ threshold is exploitability <= 1e-3, i.e. NashConv <= 2e-3 with two players
                new Row(CfrVariant.CFR_PLUS, "Kuhn", KUHN, 200, KUHN_VALUE, 1e-3, 2e-3),
                new Row(CfrVariant.DCFR, "Kuhn", KUHN, 300, KUHN_VALUE, 1e-3, 0.01),
                new Row(CfrVariant.LINEAR, "Kuhn", KUHN, 300, KUHN_VALUE, 1e-3, 0.01),
                new Row(CfrVariant.CFR, "Leduc", LEDUC, 10, none, none, 2.0),
                new Row(CfrVariant.CFR_PLUS, "Leduc", LEDUC, 1000, LEDUC_VALUE, 2e-3, 0.01),
                // CFR carries no guarantee beyond two players, but on 3-player Kuhn it approaches equilibrium
                // closely (uniform play has NashConv 2.0625)
                new Row(CfrVariant.CFR, "3-player Kuhn", KUHN3, 1000, none, none, 0.05));
    }

    @Test
    void everyVariantHasARow() {
        assertThat(table().map(Row::variant).distinct()).containsExactlyInAnyOrder(CfrVariant.values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void convergesWithinTheThreshold(Row row) {
        IterativeSolver solver = new CfrSolver(row.tree(), row.variant());
        solver.run(row.iterations());
        assertThat(solver.iterations()).isEqualTo(row.iterations());
        double[] avg = solver.averagePolicy().toSlots(row.tree());
        if (!Double.isNaN(row.value())) {
            assertThat(Exploitability.expectedValues(row.tree(), avg)[0])
                    .isCloseTo(row.value(), within(row.tolerance()));
        }
        assertThat(Exploitability.nashConv(row.tree(), avg)).isLessThanOrEqualTo(row.nashConv());
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

    /**
     * The per-variant infoset passes (fused loops) against the general one they replaced: every regret, current
     * probability and average-policy entry equal bit for bit, every 50 iterations, for every variant, both
     * arithmetics, on Kuhn, 3-player Kuhn and Leduc.
     */
    @Test
    void perVariantUpdatesEqualTheGeneralUpdateBitForBit() {
        record Game(String name, GameTree tree, int iterations) {
        }
        for (Game g : new Game[] {new Game("Kuhn", KUHN, 2000), new Game("3-player Kuhn", KUHN3, 1000),
                new Game("Leduc", LEDUC, 600)}) {
            for (CfrVariant v : CfrVariant.values()) {
                for (CfrArithmetic a : CfrArithmetic.values()) {
                    CfrSolver split = new CfrSolver(g.tree(), v, a);
                    CfrSolver general = new CfrSolver(g.tree(), v, a);
                    general.generalUpdate = true;
                    for (int t = 50; t <= g.iterations(); t += 50) {
                        split.run(50);
                        general.run(50);
                        String at = v.title() + " " + a + " on " + g.name() + " after " + t + " iterations";
                        assertThat(split.regrets()).as("regrets, " + at).isEqualTo(general.regrets());
                        assertThat(split.currentPolicySlots()).as("current, " + at)
                                .isEqualTo(general.currentPolicySlots());
                        assertThat(split.averagePolicySlots()).as("average, " + at)
                                .isEqualTo(general.averagePolicySlots());
                    }
                }
            }
        }
    }
}
