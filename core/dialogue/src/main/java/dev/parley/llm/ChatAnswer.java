package dev.parley.llm;

/**
 * A model's answer to one call.
 *
 * @param latencyMicros time the model took (for a cache hit: the time it took when the answer was paid for)
 * @param cached        served from the call cache, no model call made
 * @param backend       who made the answer, e.g. "openai:gpt-4o-mini"
 */
public record ChatAnswer(String text, int inputTokens, int outputTokens, long latencyMicros, boolean cached,
        String backend) {
}
