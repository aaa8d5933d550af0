package dev.parley.dialogue;

import java.util.List;

/**
 * A domain's exact payoffs for a finished dialogue, read from the verified content of its moves: the offline reward
 * model, and the reference an LLM judge is measured against.
 */
@FunctionalInterface
public interface OutcomeScorer {

    /** One payoff per player, within the domain's range. */
    double[] score(Scenario scenario, List<Message> transcript);
}
