package dev.parley.nfg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.game.NormalFormGame;
import dev.parley.nfg.testkit.MetaSolverContract;
import dev.parley.nfg.testkit.MetaSolverContract.Outcome;
import dev.parley.registry.UnknownNameException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The meta-solver contract kit, run over every registered meta-solver on the same games. */
class MetaSolverContractTest {

    /** Zero-sum, general-sum, degenerate and three-player games, hand-made and seeded. */
    static List<NormalFormGame> games() {
        Random rng = new Random(16);
        List<NormalFormGame> games = new ArrayList<>(List.of(TestGames.rockPaperScissors(), TestGames.matchingPennies(),
                TestGames.battleOfTheSexes(), TestGames.chicken(),
                NormalFormGame.bimatrix("all ties", new double[][] {{1, 1}, {1, 1}}, new double[][] {{0, 0}, {0, 0}})));
        games.add(TestGames.randomZeroSum(rng, 3, 4));
        games.add(TestGames.randomBimatrix(rng, 4, 3));
        games.add(TestGames.randomGame(rng, 2, 2, 2));
        games.add(TestGames.randomGame(rng, 3, 2, 2));
        return games;
    }

    @TestFactory
    Stream<DynamicTest> everyRegisteredMetaSolverKeepsTheContract() {
        assertThat(MetaSolvers.names()).hasSize(11);
        return MetaSolvers.names().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            assertThat(MetaSolvers.require(name).name()).as("the solver's own name").isEqualTo(name);
            List<Outcome> outcomes = new ArrayList<>();
            for (NormalFormGame g : games()) {
                outcomes.add(MetaSolverContract.check(MetaSolvers.require(name), g));
            }
            // every solver handles two-player zero-sum games: the first game is rock-paper-scissors
            assertThat(outcomes.get(0)).as(name + " on rock-paper-scissors").isEqualTo(Outcome.SOLVED);
        }));
    }

    @Test
    void theKitCatchesAMalformedSolution() {
        MetaSolver broken = new MetaSolver() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public MetaSolution solve(NormalFormGame game) {
                double[][] profile = {{1, 0, 0}, {0.5, 0.5, 0}};
                // claims the payoffs of another profile
                return new MetaSolution("broken", MetaSolution.Kind.PRODUCT, profile,
                        Profiles.productJoint(game, profile), new double[] {1, -1},
                        Profiles.regrets(game, profile), 0);
            }
        };
        assertThatThrownBy(() -> MetaSolverContract.check(broken, TestGames.rockPaperScissors()))
                .isInstanceOf(AssertionError.class).hasMessageContaining("payoffs are not the joint's expected payoffs");
    }

    @Test
    void unknownNamesListTheKnownOnes() {
        assertThat(MetaSolvers.find("foo")).isEmpty();
        assertThat(MetaSolvers.find("lh")).get().extracting(MetaSolver::name).isEqualTo("lemke-howson");
        assertThatThrownBy(() -> MetaSolvers.require("foo")).isInstanceOf(UnknownNameException.class)
                .hasMessage("unknown meta-solver 'foo'; expected one of nash, lp, lemke-howson, support-enumeration,"
                        + " ce, cce, nbs, prd, rd, rm, uniform");
    }
}
