package dev.parley.psro;

import java.util.List;
import java.util.Random;

/**
 * Proposes new candidate strategies for a player — in prompt-space PSRO, a language model asked to continue the list
 * of instructions (tones, styles) already in the population.
 */
public interface CandidateGenerator {

    /** Up to {@code count} candidates for {@code player}, given its current population. */
    List<Strategy> propose(int player, List<Strategy> population, int count, Random rng);
}
