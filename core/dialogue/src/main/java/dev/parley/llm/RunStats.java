package dev.parley.llm;

/**
 * A snapshot of one run's language-model use.
 *
 * @param calls        every call asked for (hits plus model calls plus failures)
 * @param cacheHits    calls answered from the cache
 * @param modelCalls   calls that reached a model and were answered
 * @param failures     calls that ended in an error (timeouts, refusals, replay misses)
 * @param inputTokens  tokens sent in model calls (hits cost none)
 * @param outputTokens tokens received in model calls
 * @param savedTokens  input plus output tokens the cache hits would have cost
 * @param modelMillis  time spent waiting for models, summed over calls (exceeds wall time under concurrency)
 * @param wallMillis   time since the run's accounting started
 */
public record RunStats(long calls, long cacheHits, long modelCalls, long failures, long inputTokens,
        long outputTokens, long savedTokens, double modelMillis, double wallMillis) {

    /** Fraction of calls served by the cache (0 when there were none). */
    public double hitRate() {
        return calls == 0 ? 0 : (double) cacheHits / calls;
    }
}
