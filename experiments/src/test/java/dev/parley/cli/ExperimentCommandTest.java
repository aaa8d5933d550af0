package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.parley.domain.DialogueDomains;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

class ExperimentCommandTest {

    private static String[] run(String... args) {
        CliRun r = CliRun.parley(args);
        return new String[] {Integer.toString(r.code()), r.out(), r.err()};
    }

    @TestFactory
    java.util.List<DynamicTest> everyDomainOfflineWithDefaultsMeetsThePapersClaims(@TempDir Path root) {
        return DialogueDomains.all().stream().map(d -> DynamicTest.dynamicTest(d.name(),
                () -> meetsThePapersClaims(d.name(), root.resolve(d.name())))).toList();
    }

    /** CFR gain > 0 for every player and NashConv < 5% of the payoff range, with the command's defaults. */
    private static void meetsThePapersClaims(String domain, Path dir) throws Exception {
        String[] r = run("experiment", "--domain", domain, "--json", "--out", dir.toString());
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        JsonNode json = Json.MAPPER.readTree(r[1]);
        assertThat(json.get("domain").asText()).isEqualTo(domain);
        assertThat(json.get("backend").asText()).contains("offline");
        assertThat(json.get("scenarios").asInt()).isGreaterThanOrEqualTo(4);
        double range = json.get("payoff_range").get(1).asDouble() - json.get("payoff_range").get(0).asDouble();
        assertThat(json.get("nash_conv").asDouble()).isLessThan(0.05 * range);
        for (JsonNode gain : json.get("cfr_gain")) {
            assertThat(gain.asDouble()).isPositive();
        }
        for (String k : new String[] {"eq_vs_base", "base_vs_base", "eq_vs_eq"}) {
            assertThat(json.get("payoffs").get(k)).hasSize(2);
        }
        assertThat(json.get("calls").get("total").asLong()).isPositive();
        assertThat(json.has("cached") || json.get("calls").has("cached")).isTrue();
        for (String f : new String[] {"report.txt", "report.json", "report.csv", "nash_conv.png",
                "gain_vs_nash_conv.png", "instruction_mass.png"}) {
            assertThat(Files.size(dir.resolve(f))).as(f).isPositive();
        }
    }

    @Test
    void badInputIsOneLineAndExitCodeTwo() {
        for (String[] args : new String[][] {
                {"experiment", "--domain", "chess"},
                {"experiment", "--domain", "fruit-trading", "--solver", "magic"},
                {"experiment", "--domain", "fruit-trading", "--iterations", "0"},
                {"experiment", "--domain", "fruit-trading", "--llm", "gemini"},
                {"experiment", "--domain", "fruit-trading", "--llm", "openai"},
                {"experiment", "--domain", "fruit-trading", "--actions", "moves"},
                {"experiment", "--domain", "fruit-trading", "--observe", "thoughts"},
                {"experiment", "--domain", "fruit-trading", "--judge", "oracle"},
                {"experiment", "--domain", "fruit-trading", "--judge", "llm"},
                {"experiment", "--domain", "fruit-trading", "--seeds-per-message", "0"},
                {"experiment", "--domain", "fruit-trading", "--show", "-1"}}) {
            String[] r = run(args);
            assertThat(r[0]).as(String.join(" ", args)).isEqualTo("2");
            assertThat(r[2].strip()).as(String.join(" ", args)).startsWith("parley: ").doesNotContain("\n")
                    .doesNotContain("Exception");
        }
    }

    @TestFactory
    java.util.List<DynamicTest> dialoguesJsonlIsReadableForEveryDomain(@TempDir Path root) {
        return DialogueDomains.all().stream().map(d -> DynamicTest.dynamicTest(d.name(), () -> {
            Path dir = root.resolve(d.name());
            String[] r = run("experiment", "--domain", d.name(), "--out", dir.toString(), "--show", "1");
            assertThat(r[0]).as(r[2]).isEqualTo("0");
            assertThat(r[1]).contains("the most probable dialogues").contains("[eq_vs_eq]").contains("[base_vs_base]");
            java.util.List<String> lines = Files.readAllLines(dir.resolve("dialogues.jsonl"));
            assertThat(lines).hasSizeGreaterThanOrEqualTo(4);
            java.util.regex.Pattern doubled = java.util.regex.Pattern.compile("\\b(\\w+)\\s+\\1\\b",
                    java.util.regex.Pattern.CASE_INSENSITIVE);
            for (String line : lines) {
                JsonNode dialogue = Json.MAPPER.readTree(line);
                for (JsonNode m : dialogue.get("messages")) {
                    String text = m.get("text").asText();
                    String move = m.get("move").asText();
                    assertThat(doubled.matcher(text).find()).as(text).isFalse();
                    assertThat(text).as(move).doesNotContain("$").doesNotContain("{").doesNotContain("summary")
                            .doesNotContain("Plan:").doesNotContain(move + " meeting");
                    java.util.Map<String, Object> content = dev.parley.dialogue.Contents.fromJsonObject(
                            m.get("content"));
                    assertThat(d.content().realiser().mismatch(move, content, text)).as(text).isEmpty();
                    if (d.name().equals("fruit-trading") && m.get("content").has("offer")) {
                        JsonNode offer = m.get("content").get("offer");
                        assertThat(offer.get("give").fieldNames()).toIterable()
                                .allMatch(f -> java.util.List.of("apple", "banana", "blueberry", "kiwi").contains(f));
                        assertThat(offer.get("get").fieldNames()).toIterable()
                                .allMatch(f -> java.util.List.of("apple", "banana", "blueberry", "kiwi").contains(f));
                    }
                    if (d.name().equals("scheduling")) {
                        assertThat(m.get("content").get("day").asText()).isIn("Monday", "Tuesday", "Wednesday",
                                "Thursday", "Friday", "Saturday", "Sunday");
                    }
                }
            }
        })).toList();
    }

    @Test
    void bothActionSpacesAndObservationModesRunOnEveryDomain() throws Exception {
        for (var d : DialogueDomains.all()) {
            java.util.Map<String, Integer> infosets = new java.util.LinkedHashMap<>();
            for (String actions : new String[] {"move-x-instruction", "instruction"}) {
                for (String observe : new String[] {"words", "moves"}) {
                    String[] r = run("experiment", "--domain", d.name(), "--actions", actions, "--observe", observe,
                            "--seeds-per-message", "2", "--iterations", "50", "--max-replies", "2", "--json");
                    assertThat(r[0]).as(d.name() + " " + actions + " " + observe + ": " + r[2]).isEqualTo("0");
                    JsonNode json = Json.MAPPER.readTree(r[1]);
                    assertThat(json.get("actions").asText()).isEqualTo(actions);
                    assertThat(json.get("observe").asText()).isEqualTo(observe);
                    assertThat(json.get("seeds_per_message").asInt()).isEqualTo(2);
                    infosets.put(actions + "/" + observe, json.get("infosets").asInt());
                }
            }
            assertThat(infosets.get("move-x-instruction/moves")).as(d.name() + " " + infosets)
                    .isLessThan(infosets.get("move-x-instruction/words"));
            assertThat(infosets.get("instruction/moves")).as(d.name() + " " + infosets)
                    .isLessThanOrEqualTo(infosets.get("instruction/words"));
        }
    }

    @Test
    void answersThatAreNotJsonMissAVariableOrBreakTheSchemaAreRetriedThenTheRunEndsInOneLine() {
        String[][] bad = {{"not json at all", "not-json"}, {"{\"text\": \"hello\"}", "protocol"},
                {"{\"text\": \"a mango for you\", \"offer\": {\"give\": {\"mango\": 1}, \"get\": {}}}",
                        "schema"}};
        for (String[] answer : bad) {
            try (dev.parley.llm.testing.FakeOpenAiServer server = dev.parley.llm.testing.FakeOpenAiServer.start()) {
                server.fallback(request -> dev.parley.llm.testing.FakeOpenAiServer.Reply.content(answer[0]));
                String[] r = run("experiment", "--domain", "fruit-trading", "--llm", "openai", "--base-url",
                        server.baseUrl(), "--model", "m", "--cache-mode", "off", "--max-replies", "1",
                        "--scenarios", "1", "--judge", "exact", "--llm-concurrency", "1");
                assertThat(r[0]).as(answer[0] + ": " + r[2]).isEqualTo("2");
                assertThat(r[2].strip()).as(answer[0]).startsWith("parley: fruit-trading: language model: ")
                        .contains("no acceptable answer for the propose move in 3 attempts")
                        .contains("last refusal: " + answer[1]).doesNotContain("\n").doesNotContain("Exception");
                // three attempts, the second and third carrying the refusal
                assertThat(server.requestCount()).isEqualTo(3);
            }
        }
    }
}
