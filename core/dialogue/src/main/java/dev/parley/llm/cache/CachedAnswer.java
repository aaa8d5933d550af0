package dev.parley.llm.cache;

/**
 * A stored answer.
 *
 * @param latencyMicros how long the model took when the answer was first paid for
 */
public record CachedAnswer(String text, int inputTokens, int outputTokens, long latencyMicros) {
}
