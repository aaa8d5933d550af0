package dev.parley.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmException;
import dev.parley.llm.testing.FakeOpenAiServer;
import dev.parley.llm.testing.FakeOpenAiServer.Reply;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Dropped connections are retried like 5xx; malformed answers are named plainly, without library internals. */
class TransportErrorsTest {

    private final FakeOpenAiServer server = FakeOpenAiServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private ChatBackend chat() {
        LlmConfig c = LlmConfig.openAi(server.baseUrl(), "test-model").withSampling(0.7, null, 64)
                .withTimeout(Duration.ofSeconds(10)).withRetries(2, Duration.ofMillis(10))
                .withApiKeyEnv("PARLEY_TEST_KEY");
        return LangChainChat.openAi(c, Map.of("PARLEY_TEST_KEY", "sk-test"));
    }

    private static ChatCall call(int n) {
        return new ChatCall(List.of(ChatMessage.user("question " + n)), 1L, Optional.empty());
    }

    @Test
    void aServerThatDropsEverySecondConnectionIsRetried() {
        AtomicInteger n = new AtomicInteger();
        server.fallback(req -> n.incrementAndGet() % 2 == 1 ? Reply.drop() : Reply.content("fine " + n.get()));
        ChatBackend chat = chat();
        for (int i = 0; i < 6; i++) {
            assertThat(chat.complete(call(i)).text()).startsWith("fine");
        }
        assertThat(server.requestCount()).isEqualTo(12);
    }

    @Test
    void aServerThatDropsEveryConnectionFailsAfterTheRetriesInOneLine() {
        server.fallback(req -> Reply.drop());
        assertThatThrownBy(() -> chat().complete(call(1)))
                .isInstanceOf(LlmException.class)
                .hasMessageStartingWith(server.baseUrl() + " (model test-model) closed the connection without an"
                        + " answer, 3 times")
                .hasMessageNotContaining("header parser")
                .hasMessageNotContaining("Exception");
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void noChoicesInA200IsNotReportedAsHttp500() {
        server.fallback(req -> Reply.raw(200, "{\"id\": \"x\", \"object\": \"chat.completion\", \"choices\": []}"));
        assertThatThrownBy(() -> chat().complete(call(1)))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("no choices")
                .hasMessageNotContaining("HTTP 500");
    }

    @Test
    void aGarbageEnvelopeIsNamedWithoutLibraryClassNames() {
        server.fallback(req -> Reply.raw(200, "<html>proxy error</html>"));
        assertThatThrownBy(() -> chat().complete(call(1)))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("not an OpenAI chat completion")
                .hasMessageNotContaining("com.fasterxml")
                .hasMessageNotContaining("Exception")
                .hasMessageNotContaining("REDACTED");
    }
}
