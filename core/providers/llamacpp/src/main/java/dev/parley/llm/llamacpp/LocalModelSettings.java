package dev.parley.llm.llamacpp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How to run a GGUF model in-process.
 *
 * @param file        the GGUF file
 * @param contextSize the context window of the whole model in tokens, shared out among the slots (0: the
 *                    model's own, capped at {@link #DEFAULT_CONTEXT} per slot)
 * @param slots       llama.cpp's parallel slots: generations decoded together in one batch (1: calls queue)
 * @param threads     CPU threads for decoding
 * @param temperature sampling temperature
 * @param topP        nucleus sampling threshold
 * @param maxTokens   the longest answer in tokens
 * @param seed        the sampling seed of a call that brings none
 * @param timeout     the longest one generation may take before it is cancelled
 * @param reusePrompt keep each slot's evaluated prompt and evaluate only what a new prompt adds to their common
 *                    prefix (llama.cpp's prompt cache). Faster on a dialogue tree, but the logits then depend on
 *                    what the slot computed before, so one seed no longer gives one answer: off by default
 * @param repeatPenalty llama.cpp's penalty on tokens repeated from the last 64 (1: none). Small models fall into
 *                    loops ("the offer is rejected, the offer is rejected, ...") that run to the token limit and
 *                    break the JSON; a penalty above 1 makes a token already used less likely
 */
public record LocalModelSettings(Path file, int contextSize, int slots, int threads, double temperature, double topP,
        int maxTokens, long seed, Duration timeout, boolean reusePrompt, double repeatPenalty) {

    /** Tokens of context per slot when none is asked for: enough for a short dialogue's prompt and answer. */
    public static final int DEFAULT_CONTEXT = 4096;

    public LocalModelSettings {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(timeout, "timeout");
        if (contextSize < 0 || slots < 1 || threads < 1 || maxTokens < 1 || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("context size must be non-negative; slots, threads, max tokens and"
                    + " timeout positive");
        }
        if (!(temperature >= 0) || !(topP > 0 && topP <= 1)) {
            throw new IllegalArgumentException("temperature must be non-negative and top-p in (0, 1]");
        }
        if (!(repeatPenalty > 0) || Double.isInfinite(repeatPenalty)) {
            throw new IllegalArgumentException("the repeat penalty must be positive (1: none)");
        }
    }

    /** Defaults: one slot, every core, temperature 1, top-p 0.95, 256 tokens, seed 0, 60 s, no repeat penalty. */
    public static LocalModelSettings of(Path file) {
        return new LocalModelSettings(file, 0, 1, Runtime.getRuntime().availableProcessors(), 1.0, 0.95, 256, 0,
                Duration.ofSeconds(60), false, 1.0);
    }

    public LocalModelSettings withSampling(double t, double p, int max, long s) {
        return new LocalModelSettings(file, contextSize, slots, threads, t, p, max, s, timeout, reusePrompt,
                repeatPenalty);
    }

    public LocalModelSettings withContext(int tokens) {
        return new LocalModelSettings(file, tokens, slots, threads, temperature, topP, maxTokens, seed, timeout,
                reusePrompt, repeatPenalty);
    }

    public LocalModelSettings withRepeatPenalty(double penalty) {
        return new LocalModelSettings(file, contextSize, slots, threads, temperature, topP, maxTokens, seed, timeout,
                reusePrompt, penalty);
    }

    public LocalModelSettings withTimeout(Duration t) {
        return new LocalModelSettings(file, contextSize, slots, threads, temperature, topP, maxTokens, seed, t,
                reusePrompt, repeatPenalty);
    }
}
