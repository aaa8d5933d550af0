package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.HaggleDomain;
import dev.parley.dialogue.Scenario;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.LangChainChat;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.LlmUtteranceGenerator;
import dev.parley.llm.OfflineRealiser;
import dev.parley.llm.RewardSpec;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentRunnerTest {

    private static final List<Scenario> SCENARIOS = List.of(HaggleDomain.scenario("cheap", 3, 9),
            HaggleDomain.scenario("dear", 5, 9), HaggleDomain.scenario("poor", 3, 6));

    private static ExperimentConfig config(int concurrency) {
        return new ExperimentConfig("haggle", 3, 3, CfrVariant.CFR_PLUS, 300, 1, concurrency, 10);
    }

    @Test
    void offlineExperimentReportsTheTableAndItsArithmeticHolds(@TempDir Path dir) throws Exception {
        ExperimentReport r = ExperimentRunner.run(new HaggleDomain(SCENARIOS), config(1), new OfflineRealiser(), null,
                () -> null, n -> { });
        assertThat(r.backend()).contains("offline-realiser").contains("exact:haggle");
        assertThat(r.nodes()).isGreaterThan(50);
        assertThat(r.nashConv()).isNotNegative().isLessThan(0.05 * 20);
        for (int p = 0; p < 2; p++) {
            assertThat(r.cfrGain()[p]).isCloseTo(r.eqVsBase()[p] - r.baseVsBase()[p], within(1e-12));
        }
        // Hand check of the baseline: the seller asks 7 in every scenario. Buyer worth 9 accepts (7 <= 7);
        // worth 6 haggles to 6, and the seller (cost 3) accepts since 6 >= 5. Seller: (4 + 2 + 3) / 3 = 3,
        // buyer: (2 + 2 + 0) / 3 = 4/3.
        assertThat(r.baseVsBase()[0]).isCloseTo(3.0, within(1e-9));
        assertThat(r.baseVsBase()[1]).isCloseTo(4.0 / 3, within(1e-9));
        assertThat(r.curve()).hasSize(10);
        assertThat(r.curve().get(r.curve().size() - 1)[1]).isCloseTo(r.nashConv(), within(1e-12));
        double massTotal = 0;
        for (double m : r.instructionMass()[0]) {
            massTotal += m;
        }
        assertThat(massTotal).isCloseTo(1.0, within(1e-9));

        List<Path> files = ReportWriter.writeAll(List.of(r), dir);
        assertThat(files).allSatisfy(f -> assertThat(Files.size(f)).isPositive());
        JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve("report.json")));
        for (String field : List.of("domain", "backend", "scenarios", "iterations", "nash_conv", "payoff_range",
                "cfr_gain", "payoffs", "calls", "seconds")) {
            assertThat(json.has(field)).as(field).isTrue();
        }
        assertThat(json.get("payoffs").get("eq_vs_base")).hasSize(2);
        assertThat(json.get("calls").get("total").asLong()).isPositive();
        assertThat(Files.readString(dir.resolve("report.csv"))).startsWith("domain,").contains("haggle,");
        assertThat(Files.readAllBytes(dir.resolve("nash_conv.png"))).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void llmExperimentRunsThroughTheAdaptersAndReplaysFromTheCache(@TempDir Path dir) {
        Path cacheFile = dir.resolve("calls.sqlite");
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(request -> {
                String all = request.path("messages").toString();
                if (all.contains("You extract numbers")) {
                    return FakeOpenAiServer.Reply.content("{\"value\": 2}");
                }
                if (all.contains("The dialogue:")) {
                    return FakeOpenAiServer.Reply.content("Overall the payoff is 2.");
                }
                return FakeOpenAiServer.Reply.response("a fair price for a good lamp");
            });
            ExperimentReport first = runWithModel(server, cacheFile);
            int requests = server.requestCount();
            assertThat(requests).isPositive();
            assertThat(first.calls()).isPositive();
            assertThat(first.cached()).isLessThan(first.calls());
            assertThat(first.backend()).contains("openai").contains("llm-judge");
            // Every judged payoff is the extracted 2, clipped to the range.
            assertThat(first.eqVsEq()).containsExactly(2.0, 2.0);

            ExperimentReport second = runWithModel(server, cacheFile);
            assertThat(server.requestCount()).as("no HTTP call on the second run").isEqualTo(requests);
            assertThat(second.cached()).isEqualTo(second.calls());
            assertThat(second.nashConv()).isEqualTo(first.nashConv());
        }
    }

    private static ExperimentReport runWithModel(FakeOpenAiServer server, Path cacheFile) {
        LlmConfig config = LlmConfig.openAi(server.baseUrl(), "test-model").withTimeout(Duration.ofSeconds(10))
                .withRetries(0, Duration.ofMillis(10));
        try (CallCache cache = CallCache.openFile(cacheFile)) {
            CallAccounting accounting = new CallAccounting();
            CachedChat chat = new CachedChat(LangChainChat.openAi(config, Map.of()), cache, CacheMode.READ_WRITE,
                    accounting);
            HaggleDomain domain = new HaggleDomain(SCENARIOS);
            return ExperimentRunner.run(domain, new ExperimentConfig("haggle", 3, 2, CfrVariant.CFR, 50, 1, 4, 5),
                    new LlmUtteranceGenerator(chat), new LlmRewardModel(chat, new RewardSpec(
                            domain.prompts().background(), domain.prompts().rewardQuery(), -10, 10), 1),
                    accounting::snapshot, n -> { });
        }
    }
}
