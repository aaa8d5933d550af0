package dev.parley.llm.cache;

import java.util.List;

/**
 * What a cache holds.
 *
 * @param modelLatencyMicros the total time the stored answers took to be generated: what replaying them saves
 */
public record CacheStats(String location, long entries, long inputTokens, long outputTokens, long modelLatencyMicros,
        List<ModelCount> byModel) {

    /** Entries per provider and model. */
    public record ModelCount(String provider, String model, long entries) {
    }
}
