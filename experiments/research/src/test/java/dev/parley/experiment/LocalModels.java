package dev.parley.experiment;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.llamacpp.LlamaCppChat;
import dev.parley.llm.llamacpp.LocalModelSettings;
import dev.parley.llm.llamacpp.testing.TestModels;
import java.time.Duration;

/** The embedded real model (SmolLM2 135M Instruct) as the {@code model} tests of dialogue games use it. */
final class LocalModels {

    private LocalModels() {
    }

    /**
     * The sampling the tests use: temperature 0.3 (at 1, SmolLM2 135M's words wander from the content it chose),
     * top-p 0.95, answers of at most 192 tokens, 10 minutes a call (a loaded 2-core machine took 40-60 s).
     */
    static LocalModelSettings settings() {
        return LocalModelSettings.of(TestModels.smollm2()).withContext(4096).withSampling(0.3, 0.95, 192, 0)
                .withTimeout(Duration.ofMinutes(10));
    }

    /** The loaded model behind {@code cache} (null and {@link CacheMode#OFF}: every call reaches the model). */
    static CachedChat chat(CallCache cache, CacheMode mode, CallAccounting accounting) {
        LlamaCppChat inner = mode == CacheMode.REPLAY ? LlamaCppChat.unloaded(settings())
                : LlamaCppChat.open(settings());
        return new CachedChat(inner, cache, mode, accounting);
    }

    /** A move generator speaking through the real model, uncached. */
    static LlmMoveGenerator generator(Domain domain) {
        return new LlmMoveGenerator(chat(null, CacheMode.OFF, new CallAccounting()), domain.content(),
                domain.prompts().background(), LlmMoveGenerator.DEFAULT_MAX_ATTEMPTS);
    }
}
