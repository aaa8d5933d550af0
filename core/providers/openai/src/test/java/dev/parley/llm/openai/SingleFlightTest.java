package dev.parley.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.RunStats;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The call cache is single-flight: identical requests made at the same time share one model call. Through the real
 * OpenAI adapter and a loopback server that takes 40 ms per answer, so that identical requests do overlap.
 */
class SingleFlightTest {

    private static final int DISTINCT = 12;
    private static final int COPIES = 4;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "concurrency {0}")
    @ValueSource(ints = {1, 8, 16})
    void modelRequestsEqualDistinctCalls(int concurrency) throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.start();
                CallCache cache = CallCache.openFile(dir.resolve("calls-" + concurrency + ".sqlite"))) {
            server.latency(Duration.ofMillis(40)).fallback(FakeOpenAiServer.numberedResponses("answer"));
            LlmConfig config = LlmConfig.openAi(server.baseUrl(), "test-model").withSampling(0.7, null, 64)
                    .withTimeout(Duration.ofSeconds(10)).withRetries(2, Duration.ofMillis(10))
                    .withApiKeyEnv("PARLEY_TEST_KEY");
            CallAccounting accounting = new CallAccounting();
            CachedChat chat = new CachedChat(LangChainChat.openAi(config, Map.of("PARLEY_TEST_KEY", "sk-test")),
                    cache, CacheMode.READ_WRITE, accounting);
            List<Integer> order = new ArrayList<>();
            for (int copy = 0; copy < COPIES; copy++) {
                for (int d = 0; d < DISTINCT; d++) {
                    order.add(d);
                }
            }
            // Shuffled with a fixed seed: copies of a request land in the same window of in-flight calls.
            Collections.shuffle(order, new Random(15));
            ExecutorService pool = Executors.newFixedThreadPool(concurrency);
            List<Future<ChatAnswer>> answers = new ArrayList<>();
            try {
                for (int d : order) {
                    ChatCall call = new ChatCall(List.of(ChatMessage.user("request number " + d)), 7L,
                            Optional.empty());
                    answers.add(pool.submit(() -> chat.complete(call)));
                }
                Map<Integer, String> first = new java.util.HashMap<>();
                for (int i = 0; i < order.size(); i++) {
                    String text = answers.get(i).get().text();
                    String earlier = first.putIfAbsent(order.get(i), text);
                    assertThat(earlier == null || earlier.equals(text)).as("one answer per distinct request").isTrue();
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(server.requestCount()).as("HTTP requests at concurrency " + concurrency).isEqualTo(DISTINCT);
            RunStats stats = accounting.snapshot();
            assertThat(stats.modelCalls()).isEqualTo(DISTINCT);
            assertThat(stats.calls()).isEqualTo(DISTINCT * COPIES);
            assertThat(stats.cacheHits()).isEqualTo(DISTINCT * (COPIES - 1));
            if (concurrency > 1) {
                assertThat(server.maxInFlight()).as("requests did overlap").isGreaterThan(1);
            }
        }
    }
}
