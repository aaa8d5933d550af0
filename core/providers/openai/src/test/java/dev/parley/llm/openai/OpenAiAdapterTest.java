package dev.parley.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.llm.BoundedExecutor;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.FinishedDialogue;
import dev.parley.llm.Generation;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmException;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.LlmUtteranceGenerator;
import dev.parley.llm.Payoffs;
import dev.parley.llm.ReplayMissException;
import dev.parley.llm.RewardSpec;
import dev.parley.llm.RunStats;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.testing.FakeOpenAiServer;
import dev.parley.llm.testing.FakeOpenAiServer.Reply;
import dev.parley.preface.AnswerFormat;
import dev.parley.preface.AnswerVerifier;
import dev.parley.preface.Dcrs;
import dev.parley.preface.Examples;
import dev.parley.preface.Prompt;
import dev.parley.preface.PromptBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real LangChain4j OpenAI adapter against a real loopback server speaking the chat-completions protocol. */
class OpenAiAdapterTest {

    private final FakeOpenAiServer server = FakeOpenAiServer.start();
    private final Dcrs worked = Examples.dcrs(Examples.PAPER_WORKED);

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        server.close();
    }

    private LlmConfig config() {
        return LlmConfig.openAi(server.baseUrl(), "test-model").withSampling(0.7, null, 128)
                .withTimeout(Duration.ofSeconds(10)).withRetries(2, Duration.ofMillis(10))
                .withApiKeyEnv("PARLEY_TEST_KEY");
    }

    private ChatBackend chat(LlmConfig c) {
        return LangChainChat.openAi(c, Map.of("PARLEY_TEST_KEY", "sk-test"));
    }

    private CachedChat uncached(CallAccounting acc) {
        return new CachedChat(chat(config()), null, CacheMode.OFF, acc);
    }

    @Test
    void theAdapterSendsThePrefaceContextAndScaffoldAndParsesTheStructuredAnswer() {
        server.enqueue(Reply.response("sea levels are rising and threaten coastal cities"));
        CallAccounting acc = new CallAccounting();
        Generation g = new LlmUtteranceGenerator(uncached(acc)).generate(worked, 42);

        Prompt expected = PromptBuilder.build(worked, AnswerFormat.JSON_SCHEMA);
        JsonNode req = server.requests().get(0);
        assertThat(req.path("model").asText()).isEqualTo("test-model");
        assertThat(req.path("messages")).hasSize(2);
        assertThat(req.path("messages").get(0).path("role").asText()).isEqualTo("system");
        assertThat(req.path("messages").get(0).path("content").asText()).isEqualTo(expected.system());
        assertThat(req.path("messages").get(1).path("role").asText()).isEqualTo("user");
        assertThat(req.path("messages").get(1).path("content").asText())
                .isEqualTo("We should take climate change seriously because $response");
        assertThat(req.path("seed").asInt()).isEqualTo(42);
        assertThat(req.path("temperature").asDouble()).isEqualTo(0.7);
        assertThat(req.path("max_tokens").asInt()).isEqualTo(128);
        assertThat(req.path("response_format").path("type").asText()).isEqualTo("json_schema");
        JsonNode schema = req.path("response_format").path("json_schema");
        assertThat(schema.path("strict").asBoolean()).isTrue();
        assertThat(schema.path("schema").path("properties").path("response").path("type").asText())
                .isEqualTo("string");
        assertThat(schema.path("schema").path("required").toString()).isEqualTo("[\"response\"]");

        assertThat(g.attempts()).isEqualTo(1);
        assertThat(g.move().text()).isEqualTo(
                "We should take climate change seriously because sea levels are rising and threaten coastal cities");
        assertThat(g.move().reply().reply()).containsEntry("q", "sea levels are rising and threaten coastal cities");
        assertThat(g.backend()).isEqualTo("openai:test-model");
        RunStats s = acc.snapshot();
        assertThat(s.calls()).isEqualTo(1);
        assertThat(s.modelCalls()).isEqualTo(1);
        // the fake server counts whitespace-separated words as tokens
        assertThat(s.outputTokens()).isEqualTo(
                "{\"response\":\"sea levels are rising and threaten coastal cities\"}".split(" ").length);
        assertThat(s.inputTokens()).isGreaterThan(50);
    }

    @Test
    void anInvalidAnswerIsRetriedWithTheReason() {
        server.enqueue(Reply.content("sea levels are rising"), Reply.response("because of $q"),
                Reply.response("extreme weather is becoming more frequent"));
        Generation g = new LlmUtteranceGenerator(uncached(new CallAccounting())).generate(worked, 1);
        assertThat(g.attempts()).isEqualTo(3);
        assertThat(g.rejections()).hasSize(2);
        assertThat(g.rejections().get(0)).startsWith("the answer is not JSON");
        assertThat(g.rejections().get(1)).startsWith("the answer still contains the placeholder $q");
        List<JsonNode> reqs = server.requests();
        JsonNode second = reqs.get(1).path("messages");
        assertThat(second).hasSize(4);
        assertThat(second.get(2).path("role").asText()).isEqualTo("assistant");
        assertThat(second.get(2).path("content").asText()).isEqualTo("sea levels are rising");
        assertThat(second.get(3).path("content").asText()).startsWith("That answer was rejected: the answer is not"
                + " JSON");
        JsonNode third = reqs.get(2).path("messages");
        assertThat(third).hasSize(6);
        assertThat(third.get(5).path("content").asText())
                .startsWith("That answer was rejected: the answer still contains the placeholder $q");
        assertThat(g.move().response()).isEqualTo("extreme weather is becoming more frequent");
    }

    @Test
    void tooManyBadAnswersIsAClearError() {
        server.fallback(req -> Reply.response(""));
        LlmUtteranceGenerator gen = new LlmUtteranceGenerator(uncached(new CallAccounting()), AnswerFormat.JSON_SCHEMA,
                AnswerVerifier.defaults(), 2);
        assertThatThrownBy(() -> gen.generate(worked, 1)).isInstanceOf(LlmException.class)
                .hasMessage("openai:test-model gave no acceptable answer for the argue move in 2 attempts;"
                        + " last rejection: the answer is empty");
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void a500Then200Succeeds() {
        server.enqueue(Reply.status(500, "overloaded"), Reply.status(429, "slow down"),
                Reply.response("sea levels are rising"));
        Generation g = new LlmUtteranceGenerator(uncached(new CallAccounting())).generate(worked, 1);
        assertThat(g.move().response()).isEqualTo("sea levels are rising");
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void persistentServerErrorsStopAfterTheRetries() {
        server.fallback(req -> Reply.status(503, "down for maintenance"));
        assertThatThrownBy(() -> new LlmUtteranceGenerator(uncached(new CallAccounting())).generate(worked, 1))
                .isInstanceOf(LlmException.class)
                .hasMessageStartingWith(server.baseUrl() + " (model test-model) answered HTTP 503 after 2 retries:")
                .hasMessageContaining("down for maintenance");
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void aClientErrorIsNotRetried() {
        server.enqueue(Reply.status(401, "bad key"));
        assertThatThrownBy(() -> new LlmUtteranceGenerator(uncached(new CallAccounting())).generate(worked, 1))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("refused the API key (HTTP 401); check the environment variable"
                        + " PARLEY_TEST_KEY");
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void aHangHitsTheTimeoutWithAClearError() {
        server.enqueue(Reply.hang());
        LlmConfig c = config().withTimeout(Duration.ofMillis(300));
        CallAccounting acc = new CallAccounting();
        ChatBackend chat = new CachedChat(chat(c), null, CacheMode.OFF, acc);
        assertThatThrownBy(() -> new LlmUtteranceGenerator(chat).generate(worked, 1))
                .isInstanceOf(LlmException.class)
                .hasMessage("no answer from " + server.baseUrl() + " (model test-model) within 300 ms: the request"
                        + " timed out; raise `timeout` or check the server");
        assertThat(acc.snapshot().failures()).isEqualTo(1);
    }

    @Test
    void aServerWithoutStructuredOutputGetsPlainText() {
        server.enqueue(Reply.status(400, "Unsupported parameter: response_format of type json_schema"),
                Reply.content("{\"response\": \"sea levels are rising\"}"),
                Reply.content("{\"response\": \"storms are worse\"}"));
        LlmUtteranceGenerator gen = new LlmUtteranceGenerator(uncached(new CallAccounting()));
        assertThat(gen.generate(worked, 1).move().response()).isEqualTo("sea levels are rising");
        assertThat(gen.generate(worked, 2).move().response()).isEqualTo("storms are worse");
        List<JsonNode> reqs = server.requests();
        assertThat(reqs.get(0).has("response_format")).isTrue();
        assertThat(reqs.get(1).has("response_format")).isFalse();
        assertThat(reqs.get(2).has("response_format")).isFalse(); // remembered
    }

    @Test
    void aSecondIdenticalRequestIsServedFromTheCacheAndSurvivesReopening() {
        server.fallback(FakeOpenAiServer.numberedResponses("warming reason"));
        Path file = dir.resolve("calls.sqlite");
        Generation first;
        try (CallCache cache = CallCache.openFile(file)) {
            CallAccounting acc = new CallAccounting();
            LlmUtteranceGenerator gen = new LlmUtteranceGenerator(
                    new CachedChat(chat(config()), cache, CacheMode.READ_WRITE, acc));
            first = gen.generate(worked, 7);
            Generation again = gen.generate(worked, 7);
            assertThat(server.requestCount()).isEqualTo(1);
            assertThat(again.move()).isEqualTo(first.move());
            assertThat(again.cacheHits()).isEqualTo(1);
            gen.generate(worked, 8); // another seed is another call
            assertThat(server.requestCount()).isEqualTo(2);
            RunStats s = acc.snapshot();
            assertThat(s.calls()).isEqualTo(3);
            assertThat(s.cacheHits()).isEqualTo(1);
            assertThat(s.modelCalls()).isEqualTo(2);
            assertThat(s.savedTokens()).isGreaterThan(0);
        }
        try (CallCache reopened = CallCache.openFile(file)) {
            CallAccounting acc = new CallAccounting();
            Generation g = new LlmUtteranceGenerator(new CachedChat(chat(config()), reopened, CacheMode.REPLAY, acc))
                    .generate(worked, 7);
            assertThat(g.move()).isEqualTo(first.move());
            assertThat(server.requestCount()).isEqualTo(2);
            assertThat(acc.snapshot().cacheHits()).isEqualTo(1);
            assertThat(reopened.stats().entries()).isEqualTo(2);
        }
    }

    @Test
    void replayModeFailsClearlyOnAMiss() {
        try (CallCache cache = CallCache.openFile(dir.resolve("empty.sqlite"))) {
            ChatBackend chat = new CachedChat(chat(config()), cache, CacheMode.REPLAY, new CallAccounting());
            assertThatThrownBy(() -> new LlmUtteranceGenerator(chat).generate(worked, 3))
                    .isInstanceOf(ReplayMissException.class)
                    .hasMessageStartingWith("replay mode: the cache jdbc:sqlite:")
                    .hasMessageContaining("has no answer for openai:test-model on the prompt \"We should take climate"
                            + " change seriously because $response\" (key ")
                    .hasMessageEndingWith("run once with `cacheMode` read-write to record it");
        }
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void readOnlyModeCallsOnAMissButStoresNothing() {
        server.fallback(FakeOpenAiServer.numberedResponses("reason"));
        try (CallCache cache = CallCache.openFile(dir.resolve("ro.sqlite"))) {
            LlmUtteranceGenerator gen = new LlmUtteranceGenerator(
                    new CachedChat(chat(config()), cache, CacheMode.READ_ONLY, new CallAccounting()));
            gen.generate(worked, 1);
            gen.generate(worked, 1);
            assertThat(server.requestCount()).isEqualTo(2);
            assertThat(cache.stats().entries()).isZero();
        }
    }

    /**
     * Answers by what the request asks (the players' chains run concurrently, so arrival order is not fixed): the
     * first rule whose text occurs in the request's messages.
     */
    private static java.util.function.Function<JsonNode, Reply> byContent(String... textThenAnswer) {
        return req -> {
            String all = req.path("messages").toString();
            for (int i = 0; i < textThenAnswer.length; i += 2) {
                if (all.contains(textThenAnswer[i])) {
                    return Reply.content(textThenAnswer[i + 1]);
                }
            }
            return Reply.status(500, "no rule for " + all);
        };
    }

    private static JsonNode requestContaining(List<JsonNode> reqs, String text) {
        List<JsonNode> found = reqs.stream().filter(r -> r.path("messages").toString().contains(text)).toList();
        assertThat(found).as("requests containing " + text).hasSize(1);
        return found.get(0);
    }

    @Test
    void theLlmJudgeScoresThenExtractsAndClips() {
        // extraction rules first: an extraction request quotes the assessment, which names the player
        server.fallback(byContent("Assessment:\\nAlice gave", "{\"value\": 12}",
                "Assessment:\\nBob lost", "{\"value\": -35}",
                "What is Alice's payoff?", "Alice gave a banana (5) and got a kiwi (17), so 12.",
                "What is Bob's payoff?", "Bob lost a lot: -35 in total."));
        LlmRewardModel judge = new LlmRewardModel(uncached(new CallAccounting()),
                new RewardSpec("Fruit trading between two people.", "What is {player}'s payoff?", -20, 20), 0);
        FinishedDialogue d = new FinishedDialogue(List.of("Alice", "Bob"),
                List.of("Alice values apples at 10.", "Bob values kiwis at 2."),
                List.of(new FinishedDialogue.Turn(0, "Apple for a kiwi?"), new FinishedDialogue.Turn(1, "Deal.")));
        Payoffs p = judge.score(d);
        assertThat(p.values()).containsExactly(12.0, -20.0);
        assertThat(p.failures()).isZero();
        // per player, the scoring answer then the extraction, in player order whatever order they arrived in
        assertThat(p.rawAnswers()).containsExactly("Alice gave a banana (5) and got a kiwi (17), so 12.",
                "{\"value\": 12}", "Bob lost a lot: -35 in total.", "{\"value\": -35}");
        assertThat(p.backend()).isEqualTo("llm-judge:openai:test-model");
        List<JsonNode> reqs = server.requests();
        assertThat(reqs).hasSize(4);
        // the judge sees every player's private information, whoever it scores (OpenSpiel's chat games)
        for (String who : List.of("Alice", "Bob")) {
            JsonNode scoring = requestContaining(reqs, "What is " + who + "'s payoff?");
            assertThat(scoring.path("messages").get(1).path("content").asText())
                    .startsWith("The players' private information:\n[Alice]\nAlice values apples at 10.\n[Bob]\n"
                            + "Bob values kiwis at 2.\n\nThe dialogue:\nAlice: Apple for a kiwi?\nBob: Deal.\n")
                    .endsWith("What is " + who + "'s payoff?");
            assertThat(scoring.has("response_format")).isFalse();
        }
        JsonNode extraction = requestContaining(reqs, "Assessment:\\nAlice gave");
        assertThat(extraction.path("response_format").path("json_schema").path("schema").path("properties")
                .path("value").path("type").asText()).isEqualTo("number");
        assertThat(extraction.path("messages").get(1).path("content").asText())
                .contains("Alice gave a banana (5) and got a kiwi (17), so 12.")
                .contains("What final payoff for Alice");
    }

    @Test
    void thePlayersQuestionChainsRunAtTheSameTime() {
        // each answer takes 300 ms: one player after the other would keep at most one request in flight
        server.latency(Duration.ofMillis(300)).fallback(byContent("Assessment:", "{\"value\": 1}",
                "payoff", "1"));
        LlmRewardModel judge = new LlmRewardModel(uncached(new CallAccounting()),
                new RewardSpec("Fruit trading.", "What is {player}'s payoff?", -20, 20), 0);
        Payoffs p = judge.score(new FinishedDialogue(List.of("A", "B", "C"), List.of("", "", ""), List.of()));
        assertThat(p.values()).containsExactly(1.0, 1.0, 1.0);
        assertThat(server.requestCount()).isEqualTo(6);
        assertThat(server.maxInFlight()).isEqualTo(3);
    }

    @Test
    void theCachedChatBoundsModelCallsInFlightWhicheverThreadsMakeThem() throws Exception {
        server.latency(Duration.ofMillis(100)).fallback(FakeOpenAiServer.numberedResponses("x"));
        CachedChat chat = new CachedChat(chat(config()), null, CacheMode.OFF, new CallAccounting(), 2);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<ChatAnswer>> all = new java.util.ArrayList<>();
            for (int i = 0; i < 8; i++) {
                ChatCall c = new ChatCall(List.of(ChatMessage.user("question " + i)), 1L, java.util.Optional.empty());
                all.add(pool.submit(() -> chat.complete(c)));
            }
            for (var f : all) {
                f.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(server.requestCount()).isEqualTo(8);
        assertThat(server.maxInFlight()).isEqualTo(2);
    }

    @Test
    void theJointJudgeAsksOnceForEveryPlayersPayoff() {
        server.fallback(byContent("[Alice] What is Alice's payoff?",
                "{\"assessment\": \"Alice gained 12, Bob lost 35.\", \"Alice\": 12, \"Bob\": -35}"));
        LlmRewardModel judge = LlmRewardModel.joint(uncached(new CallAccounting()),
                new RewardSpec("Fruit trading between two people.", "What is {player}'s payoff?", -20, 20), 0,
                false);
        Payoffs p = judge.score(new FinishedDialogue(List.of("Alice", "Bob"), List.of("A's values.", "B's values."),
                List.of(new FinishedDialogue.Turn(0, "Apple for a kiwi?"), new FinishedDialogue.Turn(1, "Deal."))));
        assertThat(p.values()).containsExactly(12.0, -20.0);
        assertThat(p.failures()).isZero();
        assertThat(p.backend()).isEqualTo("llm-judge-joint:openai:test-model");
        assertThat(server.requestCount()).isEqualTo(1);
        JsonNode req = server.requests().get(0);
        assertThat(req.path("messages").get(1).path("content").asText()).contains("A's values.")
                .contains("B's values.").contains("[Bob] What is Bob's payoff?");
        JsonNode props = req.path("response_format").path("json_schema").path("schema").path("properties");
        assertThat(props.path("assessment").path("type").asText()).isEqualTo("string");
        assertThat(props.path("Alice").path("type").asText()).isEqualTo("number");
        assertThat(props.path("Bob").path("type").asText()).isEqualTo("number");
    }

    @Test
    void aJointJudgementMissingAPlayerCountsThatPlayerAsAFailure() {
        server.fallback(byContent("payoff", "{\"assessment\": \"only A\", \"A\": 4}"));
        LlmRewardModel judge = LlmRewardModel.joint(uncached(new CallAccounting()),
                new RewardSpec("Scheduling.", "Payoff of {player}?", 0, 20), 0, false);
        Payoffs p = judge.score(new FinishedDialogue(List.of("A", "B"), List.of("", ""), List.of()));
        assertThat(p.values()).containsExactly(4.0, 0.0);
        assertThat(p.failures()).isEqualTo(1);
    }

    @Test
    void theJudgesOptionalSummaryStepComesFirstAndIsShownWithEveryScoringQuestion() {
        server.fallback(byContent("Summarise the outcome", "Alice gave an apple for a kiwi.",
                "Assessment:\\nAlice: 1", "{\"value\": 1}", "Assessment:\\nBob: 2", "{\"value\": 2}",
                "What is Alice's payoff?", "Alice: 1", "What is Bob's payoff?", "Bob: 2"));
        LlmRewardModel judge = new LlmRewardModel(uncached(new CallAccounting()),
                new RewardSpec("Fruit trading.", "What is {player}'s payoff?", -20, 20), 0, true);
        Payoffs p = judge.score(new FinishedDialogue(List.of("Alice", "Bob"), List.of("A's values.", "B's values."),
                List.of(new FinishedDialogue.Turn(0, "Apple for a kiwi?"), new FinishedDialogue.Turn(1, "Deal."))));
        assertThat(p.values()).containsExactly(1.0, 2.0);
        assertThat(p.rawAnswers()).hasSize(5).first().isEqualTo("Alice gave an apple for a kiwi.");
        List<JsonNode> reqs = server.requests();
        // the summary is asked first, alone: every scoring question quotes it
        assertThat(reqs.get(0).path("messages").get(1).path("content").asText()).contains("Summarise the outcome")
                .contains("A's values.").contains("B's values.");
        for (String who : List.of("Alice", "Bob")) {
            assertThat(requestContaining(reqs, "What is " + who + "'s payoff?").path("messages").get(1)
                    .path("content").asText()).contains("A summary of its outcome:\nAlice gave an apple for a kiwi.");
        }
    }

    @Test
    void anUnextractableScoreCountsAsAFailureAndZero() {
        server.fallback(byContent("Assessment:\\nhard to say", "somewhere between 3 and 5",
                "Assessment:\\nfine", "7", "Payoff of A?", "hard to say", "Payoff of B?", "fine"));
        LlmRewardModel judge = new LlmRewardModel(uncached(new CallAccounting()),
                new RewardSpec("Scheduling.", "Payoff of {player}?", 0, 20), 0);
        Payoffs p = judge.score(new FinishedDialogue(List.of("A", "B"), List.of("", ""), List.of()));
        assertThat(p.values()).containsExactly(0.0, 7.0);
        assertThat(p.failures()).isEqualTo(1);
    }

    @Test
    void theExecutorBoundsConcurrentCalls() {
        server.latency(Duration.ofMillis(50)).fallback(FakeOpenAiServer.numberedResponses("reason"));
        CallAccounting acc = new CallAccounting();
        LlmUtteranceGenerator gen = new LlmUtteranceGenerator(uncached(acc));
        try (BoundedExecutor ex = new BoundedExecutor(3)) {
            List<Generation> out = ex.map(IntStream.range(0, 12).boxed().toList(), i -> gen.generate(worked, i));
            assertThat(out).hasSize(12);
            assertThat(out).extracting(g -> g.move().response()).doesNotHaveDuplicates();
        }
        assertThat(server.maxInFlight()).isBetween(2, 3);
        assertThat(acc.snapshot().modelCalls()).isEqualTo(12);
    }
}
