package dev.parley.llm;

import dev.parley.error.Setting;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How to reach a chat model. {@link ChatProvider} finds the adapter by {@code provider}; "openai" covers every
 * OpenAI-compatible server through {@code baseUrl} (OpenAI, vLLM, llama.cpp server, LM Studio, Ollama's {@code /v1}).
 *
 * @param temperature    sampling temperature
 * @param seed           the default sampling seed when a call brings none (null: none)
 * @param maxTokens      the longest answer, in tokens
 * @param timeout        how long one HTTP call may take
 * @param maxRetries     retries after a 429 or 5xx answer (0: none)
 * @param initialBackoff the wait before the first retry; it doubles on each further retry
 * @param apiKeyEnv      the environment variable holding the API key (the key itself is never stored)
 */
public record LlmConfig(String provider, String baseUrl, String model, double temperature, Long seed, int maxTokens,
        Duration timeout, int maxRetries, Duration initialBackoff, String apiKeyEnv) {

    public static final String OPENAI = "openai";
    public static final String OPENAI_URL = "https://api.openai.com/v1";
    /** Sent when no key is configured: local servers ignore the header, hosted ones answer 401. */
    static final String NO_KEY = "no-key";

    public LlmConfig {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        if (provider.isBlank()) {
            throw new IllegalArgumentException("the provider must be named"); // which exist is ChatProvider's call
        }
        if (maxTokens < 1 || maxRetries < 0 || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("maxTokens must be positive, maxRetries non-negative and timeout"
                    + " positive");
        }
        URI.create(baseUrl); // fails early on a malformed address
    }

    /** OpenAI-compatible defaults: temperature 1, 256 tokens, 60 s timeout, 3 retries from 500 ms. */
    public static LlmConfig openAi(String baseUrl, String model) {
        return new LlmConfig(OPENAI, baseUrl, model, 1.0, null, 256, Duration.ofSeconds(60), 3,
                Duration.ofMillis(500), "OPENAI_API_KEY");
    }

    public LlmConfig withTimeout(Duration t) {
        return new LlmConfig(provider, baseUrl, model, temperature, seed, maxTokens, t, maxRetries, initialBackoff,
                apiKeyEnv);
    }

    public LlmConfig withRetries(int retries, Duration backoff) {
        return new LlmConfig(provider, baseUrl, model, temperature, seed, maxTokens, timeout, retries, backoff,
                apiKeyEnv);
    }

    public LlmConfig withSampling(double t, Long s, int max) {
        return new LlmConfig(provider, baseUrl, model, t, s, max, timeout, maxRetries, initialBackoff, apiKeyEnv);
    }

    public LlmConfig withApiKeyEnv(String env) {
        return new LlmConfig(provider, baseUrl, model, temperature, seed, maxTokens, timeout, maxRetries,
                initialBackoff, env);
    }

    /**
     * The API key from the environment. Missing is an error only for OpenAI's own server; local servers get a
     * placeholder.
     */
    public String apiKey(Map<String, String> env) {
        String key = apiKeyEnv == null ? null : env.get(apiKeyEnv);
        if (key != null && !key.isBlank()) {
            return key;
        }
        if (URI.create(baseUrl).getHost() != null && URI.create(baseUrl).getHost().endsWith("api.openai.com")) {
            throw new LlmException("no API key: set the environment variable "
                    + (apiKeyEnv == null ? "named by " + Setting.named("apiKeyEnv") : apiKeyEnv) + " for " + baseUrl);
        }
        return NO_KEY;
    }
}
