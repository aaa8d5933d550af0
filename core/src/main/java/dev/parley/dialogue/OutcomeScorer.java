package dev.parley.dialogue;

import java.util.List;

/**
 * A domain's exact payoffs for a finished dialogue: the offline reward model, and the check on an LLM judge.
 */
@FunctionalInterface
public interface OutcomeScorer {

    /** One payoff per player, within the domain's range. */
    double[] score(Scenario scenario, List<Message> transcript);
}
