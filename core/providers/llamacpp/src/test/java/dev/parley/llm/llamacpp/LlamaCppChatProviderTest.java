package dev.parley.llm.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.error.InvalidSettingException;
import dev.parley.error.MissingSettingException;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.ProviderSettings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** llama.cpp as provider {@code local}: found by the service loader, its options checked, a replay never loads. */
class LlamaCppChatProviderTest {

    private final ChatProvider local = new LlamaCppChatProvider();
    private final LlmConfig config = new LlmConfig("local", LlmConfig.OPENAI_URL, "", 0.5, null, 64,
            java.time.Duration.ofSeconds(5), 0, java.time.Duration.ofMillis(1), null);

    @Test
    void theServiceLoaderFindsItAsLocal() {
        assertThat(ChatProvider.named("local")).get().isInstanceOf(LlamaCppChatProvider.class);
        assertThat(local.options()).extracting(o -> o.name()).containsExactly("modelFile", "topP", "repeatPenalty",
                "contextSize", "llmSlots", "promptReuse");
    }

    @Test
    void aBadValueIsRefusedNamingItsSettingAndTheValueAsGiven() {
        String[][] cases = {
            {"topP", "1.5", "topP must be in (0, 1], got 1.5"},
            {"topP", "often", "topP must be a number, got often"},
            {"repeatPenalty", "0", "repeatPenalty must be in (0, 10] (1: none), got 0"},
            {"contextSize", "-1", "contextSize must be at least 0, got -1"},
            {"llmSlots", "0", "llmSlots must be at least 1, got 0"},
        };
        for (String[] c : cases) {
            Map<String, String> values = new HashMap<>(local.defaults());
            values.put(c[0], c[1]);
            assertThatThrownBy(() -> local.check(values)).as(c[0]).isInstanceOf(InvalidSettingException.class)
                    .hasMessage(c[2]);
        }
        local.check(local.defaults());
    }

    @Test
    void withoutAModelFileItAsksForOne() {
        assertThatThrownBy(() -> local.open(config, Map.of())).isInstanceOf(MissingSettingException.class)
                .hasMessageStartingWith("`modelFile` is not set; scripts/models.sh")
                .satisfies(e -> assertThat(((MissingSettingException) e).field()).isEqualTo("modelFile"));
    }

    @Test
    void aReplayNamesTheModelWithoutLoadingIt(@TempDir Path dir) {
        Map<String, String> values = new HashMap<>(local.defaults());
        values.put("modelFile", dir.resolve("absent.gguf").toString());
        ChatBackend replay = local.open(new ProviderSettings(config, values, Map.of(), true));
        assertThat(replay.label()).isEqualTo("local:absent.gguf");
        assertThat(((LlamaCppChat) replay).localModel()).isNull();
        // opened live, the same file is checked first
        assertThatThrownBy(() -> local.open(new ProviderSettings(config, values, Map.of(), false)))
                .hasMessageContaining("absent.gguf: no such model file");
    }
}
