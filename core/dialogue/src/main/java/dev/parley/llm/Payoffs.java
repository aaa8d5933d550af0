package dev.parley.llm;

import java.util.List;

/**
 * One payoff per player, labelled with what produced them.
 *
 * @param values      by player index
 * @param backend     "llm-judge:openai:gpt-4o-mini", or a domain scorer's name
 * @param rawAnswers  for an LLM judge: per player the scoring answer then the extraction answer; empty for exact
 *                    scorers
 * @param failures    players whose number could not be extracted (their payoff is the clipped 0, as in OpenSpiel's
 *                    chat games)
 */
public record Payoffs(List<Double> values, String backend, List<String> rawAnswers, int failures) {
    public Payoffs {
        values = List.copyOf(values);
        rawAnswers = List.copyOf(rawAnswers);
    }

    /** Exact payoffs from a domain scorer. */
    public static Payoffs exact(List<Double> values, String backend) {
        return new Payoffs(values, backend, List.of(), 0);
    }

    public double of(int player) {
        return values.get(player);
    }
}
