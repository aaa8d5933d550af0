package dev.parley.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.error.MissingSettingException;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmException;
import dev.parley.llm.ProviderSettings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Core's port finds this module's adapter by the provider's name, and refuses names no module provides. */
class OpenAiChatProviderTest {

    @Test
    void theOpenAiProviderIsFoundThroughThePort() {
        ChatBackend chat = ChatProvider.backend(LlmConfig.openAi("http://localhost:1/v1", "m"), Map.of());
        assertThat(chat).isInstanceOf(LangChainChat.class);
        assertThat(chat.label()).isEqualTo("openai:m");
    }

    @Test
    void anUnknownProviderNamesTheOnesThatExist() {
        LlmConfig other = new LlmConfig("anthropic", "http://x", "m", 1, null, 10, Duration.ofSeconds(1), 0,
                Duration.ZERO, null);
        assertThatThrownBy(() -> ChatProvider.backend(other, Map.of()))
                .isInstanceOf(LlmException.class)
                .hasMessage("no chat provider 'anthropic' on the class path; available: openai");
    }

    /** The model name is the shared settings', and this provider refuses none by the setting's name. */
    @Test
    void noModelIsAMissingSettingAndAReplayNeedsNoKey() {
        LlmConfig hosted = LlmConfig.openAi(LlmConfig.OPENAI_URL, "");
        assertThatThrownBy(() -> new OpenAiChatProvider().open(hosted, Map.of()))
                .isInstanceOf(MissingSettingException.class)
                .hasMessage("`model` is not set, e.g. gpt-4o-mini or the name your server serves");
        LlmConfig named = LlmConfig.openAi(LlmConfig.OPENAI_URL, "m");
        assertThatThrownBy(() -> new OpenAiChatProvider().open(named, Map.of()))
                .isInstanceOf(LlmException.class).hasMessageStartingWith("no API key");
        ChatBackend replay = new OpenAiChatProvider().open(new ProviderSettings(named, Map.of(), Map.of(), true));
        assertThat(replay.label()).isEqualTo("openai:m");
    }

    @Test
    void longSeedsAreFoldedIntoOpenAisRange() {
        assertThat(LangChainChat.foldSeed(42)).isEqualTo(42);
        assertThat(LangChainChat.foldSeed(-7)).isEqualTo(-7);
        assertThat(LangChainChat.foldSeed(1L << 40)).isNotEqualTo(LangChainChat.foldSeed(1L << 41));
    }
}
