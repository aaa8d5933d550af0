package dev.parley.llm;

import dev.parley.preface.Dcrs;

/**
 * The port through which a move gets its words: a DCRS in, the filled move out. Implementations: a language model
 * through PrEFACE ({@link LlmUtteranceGenerator}) and the offline realiser ({@link OfflineRealiser}).
 * Thread-safe; the same DCRS and seed give the same generation whenever the backend is deterministic or cached.
 */
public interface UtteranceGenerator {

    /**
     * @param seed the sampling seed (a chance outcome in a dialogue game)
     * @throws LlmException when no acceptable answer could be had
     */
    Generation generate(Dcrs dcrs, long seed);

    /** The label on every output, e.g. "offline-realiser" or "openai:gpt-4o-mini". */
    String backend();
}
