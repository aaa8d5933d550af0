package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.cfr.CfrVariant;
import dev.parley.solver.Solvers;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.HaggleDomain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.Scenario;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmRewardModel;
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

    private static final Domain HAGGLE = HaggleDomain.domain(SCENARIOS);

    private static ExperimentConfig config(int concurrency) {
        return new ExperimentConfig(HAGGLE, 3, 3, Solvers.of(CfrVariant.CFR_PLUS), 300, 1, concurrency, 10,
                ActionSpace.MOVE_X_INSTRUCTION, Observation.WORDS, 1, 5, Judge.EXACT);
    }

    @Test
    void offlineExperimentReportsTheTableAndItsArithmeticHolds(@TempDir Path dir) throws Exception {
        ExperimentReport r = ExperimentRunner.run(config(1), new OfflineMoveGenerator(HAGGLE.content()),
                RewardModel.exact(HAGGLE), () -> null, n -> { });
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

        List<Path> files = ReportWriter.writeAll(List.of(new SeededReport(List.of(1L), List.of(r))), dir);
        assertThat(files).allSatisfy(f -> assertThat(Files.size(f)).isPositive());
        JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve("report.json"))).get(0);
        for (String field : List.of("domain", "backend", "scenarios", "iterations", "nash_conv", "payoff_range",
                "cfr_gain", "payoffs", "calls", "seconds")) {
            assertThat(json.has(field)).as(field).isTrue();
        }
        assertThat(json.get("payoffs").get("eq_vs_base")).hasSize(2);
        assertThat(json.get("calls").get("total").asLong()).isPositive();
        assertThat(Files.readString(dir.resolve("report.csv"))).startsWith("domain,").contains("haggle,");
        assertThat(Files.readAllBytes(dir.resolve("nash_conv.png"))).startsWith(0x89, 'P', 'N', 'G');
        assertThat(json.get("actions").asText()).isEqualTo("move-x-instruction");
        assertThat(json.get("observe").asText()).isEqualTo("words");
        assertThat(json.get("seeds_per_message").asInt()).isEqualTo(1);
        assertThat(json.get("judge").asText()).isEqualTo("exact");
        assertThat(json.get("verification").get("requested").asLong()).isPositive();
        assertThat(json.get("verification").get("rejected").asLong()).isZero();

        // dialogues.jsonl: per profile the most probable dialogues, most probable first, each a complete dialogue
        List<String> lines = Files.readAllLines(dir.resolve("dialogues.jsonl"));
        ObjectMapper m = new ObjectMapper();
        Map<String, Double> lastProbability = new java.util.HashMap<>();
        java.util.Set<String> profiles = new java.util.LinkedHashSet<>();
        for (String line : lines) {
            JsonNode d = m.readTree(line);
            String profile = d.get("profile").asText();
            profiles.add(profile);
            double p = d.get("probability").asDouble();
            assertThat(p).isPositive().isLessThanOrEqualTo(lastProbability.getOrDefault(profile, 1.0));
            lastProbability.put(profile, p);
            assertThat(d.get("payoffs")).hasSize(2);
            assertThat(d.get("messages")).isNotEmpty().allSatisfy(msg -> {
                for (String field : List.of("player", "role", "move", "instruction", "content", "text")) {
                    assertThat(msg.has(field)).as(field).isTrue();
                }
            });
            assertThat(d.get("messages").get(0).get("content").get("price").isInt()).isTrue();
        }
        assertThat(profiles).containsExactlyElementsOf(ExperimentReport.PROFILES);
        // under the all-baseline profile the play is pure: one dialogue per scenario, each of probability 1/3
        assertThat(r.dialogues().get("base_vs_base")).hasSize(3)
                .allSatisfy(d -> assertThat(d.probability()).isCloseTo(1.0 / 3, within(1e-12)));
        // the base_vs_base dialogues carry the instruction any everywhere and the payoffs of the hand check
        double seller = r.dialogues().get("base_vs_base").stream().mapToDouble(d -> d.payoffs()[0]).sum() / 3;
        assertThat(seller).isCloseTo(3.0, within(1e-9));
        assertThat(r.dialogues().get("base_vs_base")).allSatisfy(d -> assertThat(d.messages())
                .allSatisfy(x -> assertThat(x.instruction()).isEqualTo("any")));
    }

    @Test
    void theInstructionActionSpaceMeasuresAgainstTheSameBaseline() {
        ExperimentConfig moves = config(1);
        ExperimentConfig instructions = new ExperimentConfig(HAGGLE, 3, 3, Solvers.of(CfrVariant.CFR_PLUS), 300, 1, 1, 10,
                ActionSpace.INSTRUCTION, Observation.WORDS, 1, 5, Judge.EXACT);
        ExperimentReport a = ExperimentRunner.run(moves, new OfflineMoveGenerator(HAGGLE.content()),
                RewardModel.exact(HAGGLE), () -> null, n -> { });
        ExperimentReport b = ExperimentRunner.run(instructions, new OfflineMoveGenerator(HAGGLE.content()),
                RewardModel.exact(HAGGLE), () -> null, n -> { });
        assertThat(b.baseVsBase()).containsExactly(a.baseVsBase(), within(1e-12));
        assertThat(b.infosets()).isLessThanOrEqualTo(a.infosets());
        assertThat(b.actions()).isEqualTo("instruction");
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
                return FakeOpenAiServer.Reply.content(haggleAnswer(request));
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

    /** A loopback model for the haggle domain: the words and the content its schema asks for. */
    static String haggleAnswer(JsonNode request) {
        String name = request.path("response_format").path("json_schema").path("name").asText();
        java.util.regex.Matcher prices = java.util.regex.Pattern.compile("\\{\"(?:price|terms)\":(\\d+)\\}")
                .matcher(request.path("messages").get(0).path("content").asText());
        int table = 7;
        while (prices.find()) {
            table = Integer.parseInt(prices.group(1));
        }
        return switch (name) {
            // the unguided baseline's own choice of move, which with a model is the model's
            case "parley_choose_move" -> "{\"move\": \"accept\"}";
            case "parley_ask" -> "{\"text\": \"A fair price for a good lamp is 7.\", \"price\": 7}";
            case "parley_haggle" -> "{\"text\": \"Would you take " + (table - 1) + "?\", \"price\": " + (table - 1)
                    + "}";
            case "parley_accept" -> "{\"text\": \"Deal at " + table + ".\", \"terms\": " + table + "}";
            default -> "{\"text\": \"No, thank you.\", \"reason\": \"too dear\"}";
        };
    }

    @Test
    void progressIsToldTheNodesBuiltThenEveryIterationSolved() {
        // offline the tree is built sequentially (no warm-up), which is where the bar used to sit at 0/?
        List<Long> nodes = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Integer> iterations = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        ExperimentReport r = ExperimentRunner.run(config(1), new OfflineMoveGenerator(HAGGLE.content()),
                RewardModel.exact(HAGGLE), () -> null, n -> {
                    nodes.add(n);
                    order.add("node");
                }, i -> {
                    iterations.add(i);
                    order.add("iteration");
                });
        assertThat(nodes).isSortedAccordingTo(Long::compare).first().isEqualTo(1L);
        assertThat(nodes.get(nodes.size() - 1)).isEqualTo(r.nodes());
        assertThat(iterations).containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 300).boxed()
                .toList());
        assertThat(order.indexOf("iteration")).isEqualTo(order.lastIndexOf("node") + 1);
    }

    private static ExperimentReport runWithModel(FakeOpenAiServer server, Path cacheFile) {
        LlmConfig config = LlmConfig.openAi(server.baseUrl(), "test-model").withTimeout(Duration.ofSeconds(10))
                .withRetries(0, Duration.ofMillis(10));
        try (CallCache cache = CallCache.openFile(cacheFile)) {
            CallAccounting accounting = new CallAccounting();
            CachedChat chat = new CachedChat(ChatProvider.backend(config, Map.of()), cache, CacheMode.READ_WRITE,
                    accounting);
            Domain domain = HAGGLE;
            return ExperimentRunner.run(new ExperimentConfig(domain, 3, 2, Solvers.of(CfrVariant.CFR), 50, 1, 4, 5,
                    ActionSpace.MOVE_X_INSTRUCTION, Observation.WORDS, 1, 3, new Judge.PerPlayer(false)),
                    new LlmMoveGenerator(chat, domain.content(), domain.prompts().background(), 3),
                    RewardModel.judge(new LlmRewardModel(chat, new RewardSpec(
                            domain.prompts().background(), domain.prompts().rewardQuery(), -10, 10), 1)),
                    accounting::snapshot, n -> { });
        }
    }
}
