package dev.parley.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.llm.cache.CacheMode;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LlmConfigTest {

    @Test
    void theApiKeyComesFromTheNamedVariable() {
        LlmConfig hosted = LlmConfig.openAi(LlmConfig.OPENAI_URL, "gpt-4o-mini").withApiKeyEnv("MY_KEY");
        assertThat(hosted.apiKey(Map.of("MY_KEY", "sk-1"))).isEqualTo("sk-1");
        assertThatThrownBy(() -> hosted.apiKey(Map.of("OPENAI_API_KEY", "sk-other")))
                .isInstanceOf(LlmException.class)
                .hasMessage("no API key: set the environment variable MY_KEY for https://api.openai.com/v1");
        // a local server needs no key; a placeholder is sent
        LlmConfig local = LlmConfig.openAi("http://localhost:8000/v1", "llama").withApiKeyEnv("MY_KEY");
        assertThat(local.apiKey(Map.of())).isEqualTo(LlmConfig.NO_KEY);
    }

    @Test
    void badSettingsAreRejected() {
        assertThatThrownBy(() -> new LlmConfig(" ", "http://x", "m", 1, null, 10, Duration.ofSeconds(1), 0,
                Duration.ZERO, null)).hasMessage("the provider must be named");
        assertThatThrownBy(() -> LlmConfig.openAi("http://x", "m").withTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LlmConfig.openAi("http:// bad url", "m")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void coreAloneHasNoChatProviderAndSaysSo() {
        // core's test class path holds no provider module: the port must say so rather than fall back to anything
        assertThatThrownBy(() -> ChatProvider.backend(LlmConfig.openAi("http://localhost:1/v1", "m"), Map.of()))
                .isInstanceOf(LlmException.class)
                .hasMessage("no chat provider 'openai' on the class path");
    }

    @Test
    void cacheModesParseTheirCommandLineSpelling() {
        assertThat(CacheMode.parse("read-only")).isEqualTo(CacheMode.READ_ONLY);
        assertThat(CacheMode.parse("REPLAY")).isEqualTo(CacheMode.REPLAY);
        assertThatThrownBy(() -> CacheMode.parse("sometimes"))
                .hasMessage("cache mode must be one of read-write, read-only, off, replay, not 'sometimes'");
    }

    @Test
    void theExtractionStepIsStrict() {
        assertThat(LlmRewardModel.extract("{\"value\": 3.5}")).hasValue(3.5);
        assertThat(LlmRewardModel.extract("-4")).hasValue(-4);
        assertThat(LlmRewardModel.extract("between 3 and 5")).isEmpty();
        assertThat(LlmRewardModel.extract("no idea")).isEmpty();
        assertThat(LlmRewardModel.extract("{\"value\": \"high\"}")).isEmpty();
    }
}
