package dev.parley.cfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.poker.LeducPoker;
import dev.parley.eval.Exploitability;
import dev.parley.gambit.Efg;
import dev.parley.game.GameTree;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * NashConv of the average policy after N iterations, side by side with OpenSpiel's C++ {@code CFRSolver} and
 * {@code CFRPlusSolver} at commit 112b777 (built with {@code bench/openspiel/}, run on the same games).
 *
 * <p>On {@code random_d3_a2.efg} many regrets are exactly zero in exact arithmetic (equal payoffs under chance), so
 * the last bit of each floating-point sum decides whether regret matching plays an action or not, and the sequence
 * depends on how every multiply-add is rounded. OpenSpiel's usual build ({@code -O3 -march=native}) lets GCC fuse
 * {@code a += b * c} into one fused multiply-add ({@code -ffp-contract=fast} is GCC's default outside ISO C); the same
 * source built with {@code -ffp-contract=off} rounds each step, as Java does. The two OpenSpiel builds already differ
 * by 7e-4 at iteration 3. Parley follows OpenSpiel's evaluation order step for step, so {@link CfrArithmetic#STRICT}
 * equals the strict build and {@link CfrArithmetic#FUSED} the fused one, both to 1e-9 (in fact to 1e-15, the
 * rounding of NashConv itself). Kuhn and Leduc have no such ties: both builds, and both arithmetics, agree to 1e-11.
 */
class OpenSpielParityTest {

    private static final double TOLERANCE = 1e-9;

    /** OpenSpiel, {@code -O3 -march=native} (fused multiply-adds): the figures in issue 15. */
    private static final Map<Integer, Double> FUSED_CFR = Map.of(1, 3.5608878968253963, 2, 3.387772817460317,
            3, 2.969845866090824, 5, 1.8075444641236222, 10, 0.9533295655484548, 20, 0.5420807646878019,
            50, 0.22421023867925371, 100, 0.1136924718930944);
    private static final Map<Integer, Double> FUSED_CFR_PLUS = Map.of(1, 3.5608878968253963, 2, 3.5063657407407405,
            3, 3.1536539732524229, 5, 1.5997160512427837, 10, 0.60463159403123412, 20, 0.19971321650705109,
            50, 0.049284717761300278, 100, 0.013067286819713586);
    /** OpenSpiel, {@code -O3 -march=native -ffp-contract=off} (every product and sum rounded, as in Java). */
    private static final Map<Integer, Double> STRICT_CFR = Map.of(1, 3.5608878968253963, 2, 3.3877728174603177,
            3, 2.9691408102470276, 5, 1.8126869235506984, 10, 0.92966734070641843, 20, 0.53247570585224346,
            50, 0.21670927299654741, 100, 0.11517235930082692);
    private static final Map<Integer, Double> STRICT_CFR_PLUS = Map.of(1, 3.5608878968253963, 2, 3.50636574074074,
            3, 3.1525324847902452, 5, 1.6076468561646573, 10, 0.60639106998938297, 20, 0.19732069085690518,
            50, 0.047523120417867659, 100, 0.012494217143806607);

    static GameTree randomGame() throws IOException {
        Path file;
        try {
            // solvers' own test resource, read from target/test-classes
            file = Path.of(OpenSpielParityTest.class.getResource("/fixtures/efg/random_d3_a2.efg").toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return GameTree.compile(Efg.read(file));
    }

    private static void assertSequence(GameTree tree, CfrVariant variant, CfrArithmetic arithmetic,
            Map<Integer, Double> expected) {
        CfrSolver solver = new CfrSolver(tree, variant, arithmetic);
        for (Map.Entry<Integer, Double> e : new TreeMap<>(expected).entrySet()) {
            solver.run(e.getKey() - solver.iterations());
            assertThat(Exploitability.nashConv(tree, solver.averagePolicySlots()))
                    .as("%s %s NashConv after %d iterations", variant, arithmetic, e.getKey())
                    .isCloseTo(e.getValue(), within(TOLERANCE));
        }
    }

    /** STRICT against OpenSpiel's strict build, FUSED against its fused one, for CFR and CFR+. */
    static List<Arguments> openSpielBuilds() {
        return List.of(Arguments.of(CfrVariant.CFR, CfrArithmetic.STRICT, STRICT_CFR),
                Arguments.of(CfrVariant.CFR_PLUS, CfrArithmetic.STRICT, STRICT_CFR_PLUS),
                Arguments.of(CfrVariant.CFR, CfrArithmetic.FUSED, FUSED_CFR),
                Arguments.of(CfrVariant.CFR_PLUS, CfrArithmetic.FUSED, FUSED_CFR_PLUS));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("openSpielBuilds")
    void randomGameEqualsTheOpenSpielBuildOfTheSameArithmetic(CfrVariant variant, CfrArithmetic arithmetic,
            Map<Integer, Double> expected) throws IOException {
        assertSequence(randomGame(), variant, arithmetic, expected);
    }

    /**
     * Runs the flat solver and the literal recursive transcription of OpenSpiel's ComputeCounterFactualRegret side by
     * side, both arithmetics, CFR and (if {@code withPlus}) CFR+, and requires equal regrets, not merely close ones,
     * after every one of 30 iterations; then the average policies to 1e-12 (per infoset rather than per history).
     */
    private static void assertTranscriptionBitForBit(GameTree tree, boolean withPlus) {
        for (CfrArithmetic a : CfrArithmetic.values()) {
            for (boolean plus : withPlus ? new boolean[] {false, true} : new boolean[] {false}) {
                CfrSolver solver = new CfrSolver(tree, plus ? CfrVariant.CFR_PLUS : CfrVariant.CFR, a);
                ReferenceCfr ref = new ReferenceCfr(tree, plus, a == CfrArithmetic.FUSED);
                for (int t = 1; t <= 30; t++) {
                    solver.iterate();
                    ref.iterate();
                    assertThat(solver.regrets()).as("%s %s plus=%s regrets after %d", tree.name(), a, plus, t)
                            .usingComparatorWithPrecision(0.0).containsExactly(ref.regrets());
                }
                assertThat(solver.averagePolicySlots()).usingComparatorWithPrecision(1e-12)
                        .containsExactly(ref.averagePolicySlots());
            }
        }
    }

    @Test
    void theSolverIsTheTranscriptionOfOpenSpielsRecursionBitForBit() throws IOException {
        assertTranscriptionBitForBit(randomGame(), true);
    }

    @Test
    void groupedPassesAreTheTranscriptionBitForBitOnPoker() {
        // The bottom-up pass visits the nodes of a depth grouped by the other players' sequences, not in node order;
        // each value must still be the same sum, and each infoset's regrets the same sum in the same order. Leduc
        // groups every run (its own histories too), three-player Kuhn groups by two other players' sequences.
        for (GameTree tree : List.of(GameTree.compile(new LeducPoker()), GameTree.compile(new KuhnPoker(3)))) {
            CfrSolver grouped = new CfrSolver(tree, CfrVariant.CFR);
            for (int p = 0; p < tree.numPlayers(); p++) {
                CfrSolver.PassShape shape = grouped.passShape(p);
                assertThat(shape.grouping()).as("%s, player %d", tree.name(), p).isEqualTo(ScalarPass.Grouping.ALL);
                assertThat(shape.segments()).as("%s, player %d", tree.name(), p).isLessThan(shape.nodes() / 2);
            }
            assertTranscriptionBitForBit(tree, false);
        }
    }

    /**
     * P1 learns only whether chance's card and P2's move match: its "same" infoset holds (c1, a) before (c2, b) in
     * depth-first order, its "differ" infoset (c1, b) before (c2, a). Grouping P1's histories by P2's move would need
     * a before b and b before a, so P1's own nodes must stay in node order.
     */
    private static final String CROSSED = """
            EFG 2 R "Crossed: P1 learns whether the card and P2's move match" { "P1" "P2" }
            ""

            c "" 1 "deal" { "c1" 0.3 "c2" 0.7 } 0
            p "" 2 1 "P2" { "a" "b" } 0
            p "" 1 1 "same" { "l" "r" } 0
            t "" 1 "c1al" { 0.1 -0.1 }
            t "" 2 "c1ar" { -0.7 0.7 }
            p "" 1 2 "differ" { "l" "r" } 0
            t "" 3 "c1bl" { -0.3 0.3 }
            t "" 4 "c1br" { 0.9 -0.9 }
            p "" 2 1 "P2" { "a" "b" } 0
            p "" 1 2 "differ" { "l" "r" } 0
            t "" 5 "c2al" { 0.7 -0.7 }
            t "" 6 "c2ar" { -0.1 0.1 }
            p "" 1 1 "same" { "l" "r" } 0
            t "" 7 "c2bl" { -0.9 0.9 }
            t "" 8 "c2br" { 0.3 -0.3 }
            """;

    @Test
    void ownHistoriesThatCannotBeGroupedStayInNodeOrder() {
        GameTree tree = GameTree.compile(Efg.parse(CROSSED, "crossed.efg"));
        CfrSolver solver = new CfrSolver(tree, CfrVariant.CFR);
        assertThat(solver.passShape(0).grouping()).isEqualTo(ScalarPass.Grouping.OTHERS_ONLY);
        assertThat(solver.passShape(1).grouping()).isEqualTo(ScalarPass.Grouping.ALL);
        assertTranscriptionBitForBit(tree, true);
    }

    @Test
    void kuhnAndLeducEqualOpenSpielInBothArithmetics() {
        GameTree kuhn = GameTree.compile(new KuhnPoker(2));
        GameTree leduc = GameTree.compile(new LeducPoker());
        for (CfrArithmetic a : CfrArithmetic.values()) {
            // OpenSpiel 112b777, both builds agree with these to 1e-11.
            assertSequence(kuhn, CfrVariant.CFR, a, Map.of(1, 0.91666666666666663, 2, 0.54166666666666674,
                    3, 0.38888888888888878, 10, 0.13739758763431509, 100, 0.016451954631830412));
            assertSequence(kuhn, CfrVariant.CFR_PLUS, a, Map.of(1, 0.91666666666666663, 2, 0.52777777777777768,
                    3, 0.28263403263403275, 10, 0.065374181336689652, 100, 0.0023888082022233692));
            assertSequence(leduc, CfrVariant.CFR, a, Map.of(1, 4.7472222222222218, 2, 4.122638888888889,
                    3, 3.5976131738276802, 10, 1.7771579663375381, 100, 0.19143270600919524));
            assertSequence(leduc, CfrVariant.CFR_PLUS, a, Map.of(1, 4.7472222222222218, 2, 4.1158333333333337,
                    3, 3.5870881647607411, 10, 1.2208778031808132, 100, 0.02683198994179567));
        }
    }
}
