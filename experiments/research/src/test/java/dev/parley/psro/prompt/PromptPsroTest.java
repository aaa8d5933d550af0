package dev.parley.psro.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.HaggleDomain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.nfg.MetaSolution;
import dev.parley.nfg.MetaSolvers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PromptPsroTest {

    private static final int SCENARIOS = 4;
    private static final int MAX_REPLIES = 6;

    private static PromptPsro fruit(String metaSolver, long seed, int candidates) {
        Domain d = FruitTrading.domain();
        InstructionSimulator sim = new InstructionSimulator(d, d.scenarios(SCENARIOS, seed), new OfflineMoveGenerator(d.content()), RewardModel.exact(d), DialogueGame.Settings.of(MAX_REPLIES, 1), 1, seed, null);
        return new PromptPsro(sim, new PromptPsro.Config(MetaSolvers.require(metaSolver),
                new LexiconProposer(d.instructionLexicon()), candidates, seed), PromptPsro.Start.INSTRUCTIONS);
    }

    /**
     * The haggle domain of the core tests, by hand (see HaggleDomain): over its three scenarios the
     * seller earns firm 10/3, soft 2, any 3, and the buyer 1, 7/3 and 4/3 against those sellers, whatever the
     * buyer's own instruction. From {any}: the seller's best candidate is firm (gain 10/3 - 3 = 1/3); the buyer's
     * candidates tie at 4/3 (gain 0). Next the seller plays firm, and its only candidate left, soft, loses 4/3.
     * Then the lexicon is spent: nothing is proposed and the populations stop growing.
     */
    @Test
    void haggleFollowsTheHandComputedOracle() {
        List<Scenario> scenarios = List.of(HaggleDomain.scenario("cheap", 3, 9), HaggleDomain.scenario("dear", 5, 9),
                HaggleDomain.scenario("poor", 3, 6));
        Domain d = HaggleDomain.domain(scenarios);
        InstructionSimulator sim = new InstructionSimulator(d, scenarios, new OfflineMoveGenerator(d.content()), RewardModel.exact(d),
                DialogueGame.Settings.of(4, 1), 1, 3, null);
        PromptPsro psro = new PromptPsro(sim, new PromptPsro.Config(MetaSolvers.require("nash"),
                new LexiconProposer(d.instructionLexicon()), 5, 3), PromptPsro.Start.BASELINE);

        PromptPsroIteration first = psro.step();
        assertThat(first.populationNames()).containsExactly(List.of("any"), List.of("any"));
        assertThat(first.metaValue()).containsExactly(new double[] {3, 4.0 / 3}, within(1e-12));
        assertThat(first.candidates().get(0)).extracting(c -> c.instruction().name())
                .containsExactlyInAnyOrder("firm", "soft");
        assertThat(value(first, 0, "firm")).isCloseTo(10.0 / 3, within(1e-12));
        assertThat(value(first, 0, "soft")).isCloseTo(2.0, within(1e-12));
        assertThat(first.chosen().get(0)).map(Instruction::name).contains("firm");
        assertThat(first.gain()[0]).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(first.candidates().get(1)).allSatisfy(c -> assertThat(c.value()).isCloseTo(4.0 / 3,
                within(1e-12)));
        assertThat(first.chosen().get(1)).contains(first.candidates().get(1).get(0).instruction());
        assertThat(first.gain()[1]).isCloseTo(0, within(1e-12));
        assertThat(first.simulations()).as("1 cell + 4 candidate profiles, 3 scenarios each").isEqualTo(15);

        PromptPsroIteration second = psro.step();
        assertThat(second.populationNames().get(0)).containsExactly("any", "firm");
        assertThat(second.metaStrategy().get(0)).containsExactly(new double[] {0, 1}, within(1e-9));
        assertThat(second.candidates().get(0)).extracting(c -> c.instruction().name()).containsExactly("soft");
        assertThat(second.gain()[0]).isCloseTo(2.0 - 10.0 / 3, within(1e-12));
        assertThat(second.metaValue()[1]).isCloseTo(1.0, within(1e-12));

        PromptPsroIteration third = psro.step();
        assertThat(third.populationNames()).allSatisfy(p -> assertThat(p).hasSize(3));
        assertThat(third.candidates()).allSatisfy(c -> assertThat(c).isEmpty());
        assertThat(third.chosen()).containsExactly(Optional.empty(), Optional.empty());
        assertThat(third.gain()[0]).isNaN();
        assertThat(psro.populations()).allSatisfy(p -> assertThat(p).hasSize(3));
    }

    private static double value(PromptPsroIteration it, int player, String name) {
        return it.candidates().get(player).stream().filter(c -> c.instruction().name().equals(name)).findFirst()
                .orElseThrow().value();
    }

    @Test
    void fruitPopulationsGrowFromTheLexiconAndMetaStrategiesAreDistributions() {
        Set<String> lexicon = new HashSet<>();
        FruitTrading.domain().instructionLexicon().forEach(i -> lexicon.add(i.name()));
        for (String solver : List.of("nash", "cce", "nbs", "prd", "rm")) {
            PromptPsro psro = fruit(solver, 7, 3);
            List<PromptPsroIteration> its = psro.run(3);
            for (PromptPsroIteration it : its) {
                for (int p = 0; p < 2; p++) {
                    List<String> pop = it.populationNames().get(p);
                    assertThat(pop).as(solver + " iteration " + it.iteration()).hasSize(3 + it.iteration() - 1)
                            .startsWith("calm", "assertive", "submissive").doesNotHaveDuplicates();
                    double[] w = it.metaStrategy().get(p);
                    assertThat(w).hasSize(pop.size());
                    double total = 0;
                    for (double x : w) {
                        assertThat(x).isGreaterThanOrEqualTo(0);
                        total += x;
                    }
                    assertThat(total).as(solver).isCloseTo(1.0, within(1e-9));
                    assertThat(it.candidates().get(p)).hasSize(3).allSatisfy(c -> {
                        assertThat(lexicon).contains(c.instruction().name());
                        assertThat(pop).doesNotContain(c.instruction().name());
                    });
                    Instruction chosen = it.chosen().get(p).orElseThrow();
                    assertThat(lexicon).contains(chosen.name());
                    double best = it.candidates().get(p).stream().mapToDouble(PromptPsroIteration.Candidate::value)
                            .max().orElseThrow();
                    assertThat(value(it, p, chosen.name())).isEqualTo(best);
                    assertThat(it.gain()[p]).isCloseTo(best - it.metaValue()[p], within(1e-12));
                }
                // Every meta-game entry is simulated over every scenario once.
                assertThat(it.metaGame().samples()).containsOnly(SCENARIOS);
                for (double se : it.metaGame().standardErrors()) {
                    assertThat(se).isNotNaN().isGreaterThanOrEqualTo(0);
                }
            }
            // The population after the last step holds the last chosen candidates too.
            List<List<Instruction>> finalPops = psro.populations();
            for (int p = 0; p < 2; p++) {
                assertThat(finalPops.get(p)).hasSize(3 + 3).endsWith(its.get(2).chosen().get(p).orElseThrow());
            }
        }
    }

    @Test
    void nashMetaValueIsTheMetaSolutionsPayoff() {
        for (PromptPsroIteration it : fruit("nash", 11, 2).run(3)) {
            MetaSolution s = it.solution();
            assertThat(s.kind()).isEqualTo(MetaSolution.Kind.PRODUCT);
            assertThat(it.metaValue()).containsExactly(s.payoffs(), within(1e-9));
            assertThat(s.maxRegret()).isLessThan(1e-7);
        }
    }

    /**
     * Re-simulates every candidate independently of {@link InstructionSimulator} and {@link PromptPsro}: fresh
     * dialogue games, one per profile, played over the same scenarios and weighted by the reported meta-strategy.
     * The reported values match, and the chosen candidate is at least as good as every other one.
     */
    @Test
    void theChosenCandidateIsABestResponseByIndependentResimulation() {
        Domain d = FruitTrading.domain();
        List<Scenario> scenarios = d.scenarios(SCENARIOS, 5);
        for (String solver : List.of("nash", "cce")) {
            for (PromptPsroIteration it : fruit(solver, 5, 4).run(3)) {
                for (int p = 0; p < 2; p++) {
                    int other = 1 - p;
                    double[] w = it.metaStrategy().get(other);
                    List<Instruction> opponents = it.population().get(other);
                    double chosenValue = Double.NaN;
                    List<Double> values = new ArrayList<>();
                    for (PromptPsroIteration.Candidate c : it.candidates().get(p)) {
                        double v = 0;
                        for (int j = 0; j < opponents.size(); j++) {
                            if (w[j] > 0) {
                                v += w[j] * resimulate(d, scenarios, p, c.instruction(), opponents.get(j));
                            }
                        }
                        assertThat(c.value()).as(solver + " " + c.instruction().name()).isCloseTo(v, within(1e-9));
                        values.add(v);
                        if (it.chosen().get(p).orElseThrow().equals(c.instruction())) {
                            chosenValue = v;
                        }
                    }
                    assertThat(chosenValue).isNotNaN();
                    for (double v : values) {
                        assertThat(chosenValue).isGreaterThanOrEqualTo(v);
                    }
                }
            }
        }
    }

    /** Player {@code p}'s mean payoff following {@code mine} against {@code theirs}, on a game of its own. */
    private static double resimulate(Domain d, List<Scenario> scenarios, int p, Instruction mine,
                                     Instruction theirs) {
        List<Instruction> set = mine.name().equals(theirs.name()) ? List.of(mine) : List.of(theirs, mine);
        DialogueGame g = new DialogueGame(d, scenarios, set, new OfflineMoveGenerator(d.content()), RewardModel.exact(d),
                DialogueGame.Settings.of(MAX_REPLIES, 1));
        double total = 0;
        for (int s = 0; s < scenarios.size(); s++) {
            List<Instruction> profile = p == 0 ? List.of(mine, theirs) : List.of(theirs, mine);
            total += Playouts.play(g, s, profile, new Random(100 + s)).returns()[p];
        }
        return total / scenarios.size();
    }

    @Test
    void runsRepeatWithTheSeedAndDifferWithAnother() {
        List<PromptPsroIteration> a = fruit("prd", 3, 3).run(3);
        List<PromptPsroIteration> b = fruit("prd", 3, 3).run(3);
        List<PromptPsroIteration> c = fruit("prd", 4, 3).run(3);
        for (int t = 0; t < 3; t++) {
            assertThat(b.get(t).populationNames()).isEqualTo(a.get(t).populationNames());
            assertThat(b.get(t).candidates()).isEqualTo(a.get(t).candidates());
            assertThat(b.get(t).chosen()).isEqualTo(a.get(t).chosen());
            for (int p = 0; p < 2; p++) {
                assertThat(b.get(t).metaStrategy().get(p)).containsExactly(a.get(t).metaStrategy().get(p));
            }
            assertThat(b.get(t).metaGame()).isEqualTo(a.get(t).metaGame());
        }
        assertThat(c.get(0).candidates()).isNotEqualTo(a.get(0).candidates());
    }
}
