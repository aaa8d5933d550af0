package dev.parley.llm;

/**
 * How an LLM judge scores a domain.
 *
 * @param context  the domain's header (the game's rules, what counts as a deal)
 * @param question the scoring question; "{player}" is replaced by the player's name, e.g. "What is the total
 *                 value of the fruit {player} received minus the value of the fruit they gave away?"
 * @param min      the lowest payoff; answers are clipped to [min, max]
 * @param max      the highest payoff
 */
public record RewardSpec(String context, String question, double min, double max) {
    public RewardSpec {
        if (!(min < max)) {
            throw new IllegalArgumentException("payoff range must have min < max: [" + min + ", " + max + "]");
        }
    }
}
