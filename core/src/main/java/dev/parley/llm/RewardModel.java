package dev.parley.llm;

/**
 * The port through which a finished dialogue gets its payoffs. Implementations: an LLM judge
 * ({@link LlmRewardModel}) and, offline, each domain's exact scorer (in {@code domains}). Thread-safe.
 */
public interface RewardModel {

    /** One payoff per player of {@code dialogue}, within {@link #minPayoff()} and {@link #maxPayoff()}. */
    Payoffs score(FinishedDialogue dialogue);

    double minPayoff();

    double maxPayoff();

    /** What produced the payoffs, shown in every report. */
    String backend();
}
