package dev.parley.psro.prompt;

import dev.parley.dialogue.Instruction;
import dev.parley.nfg.EmpiricalGame;
import dev.parley.nfg.MetaSolution;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One iteration of prompt-space PSRO, as reported.
 *
 * @param iteration      1-based
 * @param population     each player's instructions when the meta-game was solved
 * @param metaStrategy   each player's weights over its population (marginals for correlated meta-solvers)
 * @param metaValue      each player's payoff when every player mixes by its meta-strategy (independently)
 * @param candidates     per player, what the proposer offered and each candidate's payoff against the others'
 *                       meta-strategies, in the order proposed
 * @param chosen         per player, the candidate added to the population (the best response among the
 *                       candidates), or empty when nothing new was proposed
 * @param gain           per player, the chosen candidate's payoff minus {@code metaValue}: what the player gains by
 *                       switching from its meta-strategy to the new instruction (NaN when nothing was chosen); at or
 *                       below 0 for every player, no candidate improved on the meta-strategy
 * @param simulations    dialogues played in this iteration (meta-game entries and candidate evaluations)
 * @param metaGame       the empirical meta-game that was solved
 * @param solution       the meta-solver's answer
 */
public record PromptPsroIteration(int iteration, List<List<Instruction>> population, List<double[]> metaStrategy,
                                  double[] metaValue, List<List<Candidate>> candidates,
                                  List<Optional<Instruction>> chosen, double[] gain, long simulations,
                                  EmpiricalGame metaGame, MetaSolution solution) {

    /** A proposed instruction and its estimated payoff against the others' meta-strategies. */
    public record Candidate(Instruction instruction, double value) {
        public Candidate {
            Objects.requireNonNull(instruction, "instruction");
        }
    }

    public PromptPsroIteration {
        population = population.stream().map(List::copyOf).toList();
        metaStrategy = metaStrategy.stream().map(double[]::clone).toList();
        metaValue = metaValue.clone();
        candidates = candidates.stream().map(List::copyOf).toList();
        chosen = List.copyOf(chosen);
        gain = gain.clone();
    }

    @Override
    public List<double[]> metaStrategy() {
        return metaStrategy.stream().map(double[]::clone).toList();
    }

    @Override
    public double[] metaValue() {
        return metaValue.clone();
    }

    @Override
    public double[] gain() {
        return gain.clone();
    }

    /** Each player's population as instruction names. */
    public List<List<String>> populationNames() {
        return population.stream().map(l -> l.stream().map(Instruction::name).toList()).toList();
    }
}
