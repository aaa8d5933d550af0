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
                {"experiment", "--domain", "fruit-trading", "--llm", "openai"}}) {
            String[] r = run(args);
            assertThat(r[0]).as(String.join(" ", args)).isEqualTo("2");
            assertThat(r[2].strip()).as(String.join(" ", args)).startsWith("parley: ").doesNotContain("\n")
                    .doesNotContain("Exception");
        }
    }
}
