package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
    java.util.List<DynamicTest> everyDomainOfflineWithDefaultsWritesItsReport(@TempDir Path root) {
        return DialogueDomains.all().stream().map(d -> DynamicTest.dynamicTest(d.name(),
                () -> writesItsReport(d.name(), root.resolve(d.name())))).toList();
    }

    /**
     * The report's shape and its arithmetic at the defaults; no tuned outcome is pinned (whether the gains are
     * positive is what an experiment measures, see the sweep).
     */
    private static void writesItsReport(String domain, Path dir) throws Exception {
        String[] r = run("experiment", "--domain", domain, "--json", "--out", dir.toString());
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        JsonNode list = Json.MAPPER.readTree(r[1]);
        assertThat(list.isArray()).isTrue();
        assertThat(list).hasSize(1);
        JsonNode json = list.get(0);
        assertThat(json.get("domain").asText()).isEqualTo(domain);
        assertThat(json.get("backend").asText()).contains("offline");
        assertThat(json.get("scenarios").asInt()).isGreaterThanOrEqualTo(4);
        assertThat(json.get("nash_conv").asDouble()).isNotNegative();
        for (int p = 0; p < 2; p++) {
            assertThat(json.get("cfr_gain").get(p).asDouble()).isCloseTo(json.get("payoffs").get("eq_vs_base").get(p)
                    .asDouble() - json.get("payoffs").get("base_vs_base").get(p).asDouble(), within(1e-9));
        }
        for (String k : new String[] {"eq_vs_base", "base_vs_base", "eq_vs_eq"}) {
            assertThat(json.get("payoffs").get(k)).hasSize(2);
        }
        assertThat(json.get("roles")).hasSize(2);
        assertThat(json.get("calls").get("total").asLong()).isPositive();
        assertThat(json.has("cached") || json.get("calls").has("cached")).isTrue();
        assertThat(Json.MAPPER.readTree(Files.readString(dir.resolve("report.json")))).isEqualTo(list);
        for (String f : new String[] {"report.txt", "report.json", "report.csv", "nash_conv.png",
                "gain_vs_nash_conv.png", "instruction_mass.png"}) {
            assertThat(Files.size(dir.resolve(f))).as(f).isPositive();
        }
    }

    /** The scalar and per-player figures of the table, by JSON path. */
    private static final String[] SCALARS = {"nash_conv", "relative_nash_conv"};
    private static final String[][] PER_PLAYER = {{"cfr_gain"}, {"payoffs", "eq_vs_base"},
        {"payoffs", "base_vs_base"}, {"payoffs", "eq_vs_eq"}};

    private static JsonNode at(JsonNode o, String[] path) {
        for (String k : path) {
            o = o.get(k);
        }
        return o;
    }

    private static String[] withSuffix(String[] path, String suffix) {
        String[] p = path.clone();
        p[p.length - 1] = p[p.length - 1] + suffix;
        return p;
    }

    @Test
    void seedsGiveMeansAndIntervalsRecomputableFromThePerSeedReports() throws Exception {
        String[] r = run("experiment", "--domain", "fruit-trading", "--seeds", "3", "--max-replies", "2",
                "--iterations", "40", "--json");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        JsonNode s = Json.MAPPER.readTree(r[1]).get(0);
        JsonNode perSeed = s.get("per_seed");
        assertThat(perSeed).hasSize(3);
        assertThat(s.get("seeds").asInt()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(perSeed.get(i).get("seed").asLong()).isEqualTo(1 + i);
            assertThat(perSeed.get(i).has("per_seed")).isFalse();
        }
        java.util.List<String[]> scalars = new java.util.ArrayList<>();
        for (String f : SCALARS) {
            scalars.add(new String[] {f});
        }
        for (String[] path : scalars) {
            double[] values = new double[3];
            for (int i = 0; i < 3; i++) {
                values[i] = at(perSeed.get(i), path).asDouble();
            }
            checkEstimate(String.join(".", path), values, at(s, path).asDouble(),
                    at(s, withSuffix(path, "_stderr")).asDouble(), at(s, withSuffix(path, "_ci95")));
        }
        for (String[] path : PER_PLAYER) {
            for (int p = 0; p < 2; p++) {
                double[] values = new double[3];
                for (int i = 0; i < 3; i++) {
                    values[i] = at(perSeed.get(i), path).get(p).asDouble();
                }
                checkEstimate(String.join(".", path) + "[" + p + "]", values, at(s, path).get(p).asDouble(),
                        at(s, withSuffix(path, "_stderr")).get(p).asDouble(),
                        at(s, withSuffix(path, "_ci95")).get(p));
            }
        }
        // stability is judged on the intervals
        boolean stable = true;
        for (int p = 0; p < 2; p++) {
            stable &= s.get("cfr_gain_ci95").get(p).get(0).asDouble() > s.get("nash_conv_ci95").get(1).asDouble();
        }
        assertThat(s.get("approximately_stable").asBoolean()).isEqualTo(stable);
        // the table says the same in words, with how many seeds meet the reading alone
        int yes = 0;
        for (int i = 0; i < 3; i++) {
            yes += perSeed.get(i).get("approximately_stable").asBoolean() ? 1 : 0;
        }
        String[] text = run("experiment", "--domain", "fruit-trading", "--seeds", "3", "--max-replies", "2",
                "--iterations", "40");
        assertThat(text[1]).contains("gain > NashConv (approx. ESS)   " + (stable ? "yes" : "no")
                + " on the 95% intervals; yes in " + yes + " of 3 seeds\n");
    }

    /** The mean is the mean of the per-seed values; the interval is the t interval around it, recomputed here. */
    private static void checkEstimate(String what, double[] values, double mean, double stderr, JsonNode ci) {
        double m = (values[0] + values[1] + values[2]) / 3;
        double ss = 0;
        for (double v : values) {
            ss += (v - m) * (v - m);
        }
        double se = Math.sqrt(ss / 2 / 3);
        double t = new org.apache.commons.math3.distribution.TDistribution(2).inverseCumulativeProbability(0.975);
        assertThat(mean).as(what).isCloseTo(m, within(1e-12));
        assertThat(stderr).as(what).isCloseTo(se, within(1e-12));
        assertThat(ci.get(0).asDouble()).as(what).isCloseTo(m - t * se, within(1e-9)).isLessThanOrEqualTo(mean);
        assertThat(ci.get(1).asDouble()).as(what).isCloseTo(m + t * se, within(1e-9)).isGreaterThanOrEqualTo(mean);
    }

    @Test
    void oneSeedIsTodaysRunAndEachSeedOfManyIsTheRunOfThatSeed() throws Exception {
        String[] many = run("experiment", "--domain", "scheduling", "--seeds", "2", "--max-replies", "2",
                "--iterations", "30", "--json");
        assertThat(many[0]).as(many[2]).isEqualTo("0");
        JsonNode perSeed = Json.MAPPER.readTree(many[1]).get(0).get("per_seed");
        for (int i = 0; i < 2; i++) {
            String[] one = run("experiment", "--domain", "scheduling", "--seed", Integer.toString(1 + i),
                    "--max-replies", "2", "--iterations", "30", "--json");
            JsonNode single = Json.MAPPER.readTree(one[1]).get(0);
            // R = 1: the means are the run's own figures, exactly, and its intervals are points
            assertThat(single.get("nash_conv")).isEqualTo(single.get("per_seed").get(0).get("nash_conv"));
            assertThat(single.get("cfr_gain")).isEqualTo(single.get("per_seed").get(0).get("cfr_gain"));
            assertThat(single.get("payoffs").get("eq_vs_eq"))
                    .isEqualTo(single.get("per_seed").get(0).get("payoffs").get("eq_vs_eq"));
            assertThat(single.get("nash_conv_ci95").get(0)).isEqualTo(single.get("nash_conv"));
            assertThat(single.get("nodes")).isEqualTo(single.get("per_seed").get(0).get("nodes"));
            for (String f : new String[] {"nash_conv", "cfr_gain", "instruction_mass", "nodes"}) {
                assertThat(perSeed.get(i).get(f)).as(f + " of seed " + (1 + i)).isEqualTo(single.get(f));
            }
            for (String f : new String[] {"eq_vs_base", "base_vs_base", "eq_vs_eq"}) {
                assertThat(perSeed.get(i).get("payoffs").get(f)).as(f).isEqualTo(single.get("payoffs").get(f));
            }
        }
    }

    /**
     * Every registered solver runs here, as in solve and sweep: the vector form walks the dialogue game's public tree
     * and reaches the scalar solver's figures up to rounding in its sums (1e-9 is far above that and far below any
     * difference between solvers, e.g. cfr+ against cfr).
     */
    @Test
    void theVectorFormRunsAndAgreesWithTheScalarSolver() throws Exception {
        JsonNode scalar = null;
        for (String solver : new String[] {"cfr", "cfr-vector"}) {
            String[] r = run("experiment", "--domain", "fruit-trading", "--solver", solver, "--max-replies", "2",
                    "--iterations", "50", "--json");
            assertThat(r[0]).as(solver + ": " + r[2]).isEqualTo("0");
            JsonNode json = Json.MAPPER.readTree(r[1]).get(0);
            assertThat(json.get("solver").asText()).isEqualTo(solver);
            if (scalar == null) {
                scalar = json;
                continue;
            }
            assertThat(json.get("nash_conv").asDouble()).isCloseTo(scalar.get("nash_conv").asDouble(), within(1e-9));
            for (int p = 0; p < 2; p++) {
                assertThat(json.get("cfr_gain").get(p).asDouble())
                        .isCloseTo(scalar.get("cfr_gain").get(p).asDouble(), within(1e-9));
            }
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
                {"experiment", "--domain", "fruit-trading", "--show", "-1"},
                {"experiment", "--domain", "fruit-trading", "--seeds", "0"}}) {
            String[] r = run(args);
            assertThat(r[0]).as(String.join(" ", args)).isEqualTo("2");
            assertThat(r[2].strip()).as(String.join(" ", args)).startsWith("parley: ").doesNotContain("\n")
                    .doesNotContain("Exception");
        }
    }

    @Test
    void badIterationsScenariosOrRepliesAreEachNamedAlone() {
        java.util.List<String> options = java.util.List.of("--iterations", "--scenarios", "--max-replies");
        for (String option : options) {
            String[] r = run("experiment", "--domain", "fruit-trading", option, "0");
            assertThat(r[0]).as(r[2]).isEqualTo("2");
            assertThat(r[2].strip()).isEqualTo("parley: " + option + " must be at least 1, got 0");
        }
        String[] negative = run("experiment", "--domain", "all", "--max-replies", "-4");
        assertThat(negative[2].strip()).isEqualTo("parley: --max-replies must be at least 1, got -4");
    }

    @Test
    void anOutThatIsAFileIsRefusedBeforeAnyWork(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("existing-file.txt");
        Files.writeString(file, "keep me");
        // the run would print its table first if the check came after the work (as it did)
        String[] r = run("experiment", "--domain", "all", "--out", file.toString());
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[1]).isEmpty();
        assertThat(r[2].strip()).isEqualTo("parley: --out " + file + " is a file, not a directory");
        assertThat(Files.readString(file)).isEqualTo("keep me");
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
                    JsonNode json = Json.MAPPER.readTree(r[1]).get(0);
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
    void answersThatAreNotJsonMissAVariableOrBreakTheSchemaAreRetriedThenTheMoveIsAbandonedAndCounted() throws Exception {
        String[][] bad = {{"not json at all", "not-json"}, {"{\"text\": \"hello\"}", "protocol"},
                {"{\"text\": \"a mango for you\", \"offer\": {\"give\": {\"mango\": 1}, \"get\": {}}}",
                        "schema"}};
        for (String[] answer : bad) {
            try (dev.parley.llm.testing.FakeOpenAiServer server = dev.parley.llm.testing.FakeOpenAiServer.start()) {
                server.fallback(request -> dev.parley.llm.testing.FakeOpenAiServer.Reply.content(answer[0]));
                String[] r = run("experiment", "--domain", "fruit-trading", "--llm", "openai", "--base-url",
                        server.baseUrl(), "--model", "m", "--cache-mode", "off", "--max-replies", "1",
                        "--scenarios", "1", "--judge", "exact", "--llm-concurrency", "1", "--json");
                // the run goes on: a move refused on every attempt ends its dialogue there, counted by reason
                assertThat(r[0]).as(answer[0] + ": " + r[2]).isEqualTo("0");
                com.fasterxml.jackson.databind.JsonNode v = new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(r[1]).get(0).get("verification");
                long abandoned = v.get("abandoned_moves").asLong();
                assertThat(abandoned).as(answer[0] + ": " + v).isPositive();
                assertThat(v.get("abandoned_by_reason").get(answer[1]).asLong()).as(v.toString())
                        .isEqualTo(abandoned);
                // every answer was refused, and each abandoned move had its three attempts
                assertThat(v.get("rejected").asLong()).as(v.toString()).isEqualTo(server.requestCount());
                assertThat(server.requestCount()).as(v.toString()).isEqualTo(3 * abandoned);
            }
        }
    }
}
