package dev.parley.cfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.poker.LeducPoker;
import dev.parley.eval.Exploitability;
import dev.parley.gambit.Efg;
import dev.parley.game.GameTree;
import dev.parley.game.UnsupportedGameException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Vector-form CFR against the scalar solver. It is the same computation with the histories of a public state summed
 * together, so each pass must give the scalar pass's regrets up to rounding: checked pass by pass along the scalar
 * solver's own trajectory on Kuhn, Leduc (and a 4-rank Leduc) and every two-player fixture .efg.
 *
 * <p>Whole runs are held to 1e-9 for as long as the game lets any change of rounding stay that small. On Kuhn and
 * the fixture poker and signalling games that is the whole run. On Leduc it is not: CFR there amplifies a one-ulp
 * difference in the regrets about tenfold every 20-50 iterations (no regret needs to cancel to zero for this; the
 * first sign difference of a regret comes long after the policies have drifted apart), so after 1,000 iterations
 * the scalar solver itself, with each multiply-add fused ({@link CfrArithmetic#FUSED}: the same sums in the same
 * order, one rounding fewer), is 3.5e-4 (CFR) to 0.03 (CFR+) away from its strict build; on the random .efg,
 * whose regrets sit at ±1e-18 after two iterations (action values that are themselves cancellations), from the
 * third. The independent yardstick is therefore that fused run: while it stays within 1e-10 of the strict run the
 * vector form must stay within 1e-9, and after 1,000 iterations it must be no further from the strict run than
 * ten times the fused one.
 */
class VectorFormCfrTest {

    private static GameTree efg(String resource) {
        try (InputStream in = VectorFormCfrTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return GameTree.compile(Efg.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<GameTree> gamesWithAPublicTree() {
        return Stream.of(GameTree.compile(new KuhnPoker(2)), GameTree.compile(new LeducPoker()),
                GameTree.compile(new LeducPoker(4)), efg("/fixtures/efg/random_d3_a2.efg"),
                efg("/gambit/one_card_poker.efg"), efg("/gambit/beer_quiche.efg"),
                efg("/gambit/antes_as_outcomes.efg"), efg("/gambit/repeated_descriptions.efg"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gamesWithAPublicTree")
    void everyPassGivesTheScalarRegretsAlongTheScalarTrajectory(GameTree tree) {
        assertThat(PublicTree.absent(tree)).isEmpty();
        for (CfrVariant v : new CfrVariant[] {CfrVariant.CFR, CfrVariant.CFR_PLUS}) {
            CfrSolver scalar = new CfrSolver(tree, v);
            CfrSolver vector = CfrSolver.vectorForm(tree, v);
            assertThat(vector.isVectorForm()).isTrue();
            double worst = 0;
            for (int it = 0; it < 60; it++) {
                vector.copyStateFrom(scalar);
                for (int p = 0; p < 2; p++) {
                    double[] a = scalar.instantRegrets(p);
                    double[] b = vector.instantRegrets(p);
                    for (int s = 0; s < a.length; s++) {
                        worst = Math.max(worst, Math.abs(a[s] - b[s]));
                    }
                }
                scalar.iterate();
            }
            assertThat(worst).as(v + " on " + tree.name()).isLessThan(1e-9);
        }
    }

    @Test
    void wholeRunsOnKuhnGiveTheSameAveragePolicy() {
        GameTree kuhn = GameTree.compile(new KuhnPoker(2));
        // (Linear CFR's regrets, weighted by the iteration, are left out: they tie exactly on Kuhn too)
        for (CfrVariant v : new CfrVariant[] {CfrVariant.CFR, CfrVariant.CFR_PLUS, CfrVariant.DCFR}) {
            CfrSolver scalar = new CfrSolver(kuhn, v);
            CfrSolver vector = CfrSolver.vectorForm(kuhn, v);
            scalar.run(1000);
            vector.run(1000);
            double[] a = scalar.averagePolicySlots();
            double[] b = vector.averagePolicySlots();
            for (int s = 0; s < a.length; s++) {
                assertThat(Math.abs(a[s] - b[s])).as(v + " slot " + s).isLessThan(1e-9);
            }
        }
    }

    private static double largestDifference(double[] a, double[] b) {
        double d = 0;
        for (int s = 0; s < a.length; s++) {
            d = Math.max(d, Math.abs(a[s] - b[s]));
        }
        return d;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gamesWithAPublicTree")
    void wholeRunsStayAsCloseToTheScalarSolverAsItsOwnFusedBuildDoes(GameTree tree) {
        for (CfrVariant v : new CfrVariant[] {CfrVariant.CFR, CfrVariant.CFR_PLUS, CfrVariant.DCFR}) {
            CfrSolver strict = new CfrSolver(tree, v);
            CfrSolver fused = new CfrSolver(tree, v, CfrArithmetic.FUSED);
            CfrSolver vector = CfrSolver.vectorForm(tree, v);
            double fusedOff = 0;
            double vectorOff = 0;
            int horizon = 0;
            for (int it = 1; it <= 1000; it++) {
                strict.iterate();
                fused.iterate();
                vector.iterate();
                double[] reference = strict.averagePolicySlots();
                fusedOff = largestDifference(reference, fused.averagePolicySlots());
                vectorOff = largestDifference(reference, vector.averagePolicySlots());
                if (fusedOff <= 1e-10) {
                    horizon = it;
                    assertThat(vectorOff).as(v + " on " + tree.name() + ", iteration " + it
                            + " (the fused build is " + fusedOff + " off)").isLessThanOrEqualTo(1e-9);
                }
            }
            assertThat(vectorOff).as(v + " on " + tree.name() + " after 1000 iterations (the fused build is "
                    + fusedOff + " off; it stayed within 1e-10 up to iteration " + horizon + ")")
                    .isLessThanOrEqualTo(Math.max(1e-9, 10 * fusedOff));
        }
    }

    @Test
    void onLeducTheVectorFormConvergesLikeTheScalarSolver() {
        GameTree leduc = GameTree.compile(new LeducPoker());
        // CfrSolverTest's row for CFR+ on Leduc: 1000 iterations, value within 2e-3 of the game's, NashConv <= 0.01
        CfrSolver vector = CfrSolver.vectorForm(leduc, CfrVariant.CFR_PLUS);
        vector.run(1000);
        double[] avg = vector.averagePolicySlots();
        assertThat(Exploitability.expectedValues(leduc, avg)[0]).isBetween(-0.085606424078 - 2e-3,
                -0.085606424078 + 2e-3);
        assertThat(Exploitability.nashConv(leduc, avg)).isLessThanOrEqualTo(0.01);
    }

    @Test
    void aGameWithoutAPublicTreeIsRefusedInOneLine() {
        GameTree tree = efg("/fixtures/efg/no_public_tree.efg");
        assertThat(PublicTree.absent(tree)).isPresent();
        assertThatThrownBy(() -> CfrSolver.vectorForm(tree, CfrVariant.CFR))
                .isInstanceOf(UnsupportedGameException.class)
                .hasMessageStartingWith("CFR (vector form) cannot solve '" + tree.name() + "': it has no public tree (")
                .hasMessageNotContaining("\n");
        // the scalar solver takes it
        new CfrSolver(tree, CfrVariant.CFR).run(10);
    }

    @Test
    void moreThanTwoPlayersAreRefused() {
        GameTree kuhn3 = GameTree.compile(new KuhnPoker(3));
        assertThatThrownBy(() -> CfrSolver.vectorForm(kuhn3, CfrVariant.CFR_PLUS))
                .isInstanceOf(UnsupportedGameException.class)
                .hasMessage("CFR+ (vector form) cannot solve 'kuhn_poker_3p': it has 3 players and the vector"
                        + " form needs two");
    }

    @Test
    void pokerFoldsItsHistoriesIntoPublicStates() {
        // Leduc: 9457 histories; its public states are the betting sequences and board cards (the deal is private)
        GameTree leduc = GameTree.compile(new LeducPoker());
        PublicTree pt = PublicTree.of("test", leduc);
        assertThat(pt.numGroups()).isLessThan(leduc.numNodes() / 10);
        for (int node = 0; node < leduc.numNodes(); node++) {
            for (int other : leduc.infoset(node) >= 0 ? leduc.infosetNodes(leduc.infoset(node)) : new int[0]) {
                assertThat(pt.group(other)).isEqualTo(pt.group(node));
            }
        }
    }
}
