package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley domain new|check} and {@code --domain FILE}: a dialogue game posed in one file. */
class DomainFileCommandTest {

    private static final Path FRUIT = Path.of("../..", "examples", "domains", "fruit-trading.yaml");

    @Test
    void aNewStarterPassesTheCheckAndRunsAnExperimentOffline(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bike.yaml");
        CliRun made = parley("domain", "new", "bike", "--out", file.toString());
        assertThat(made.code()).as(made.err()).isZero();
        assertThat(made.out()).contains("wrote " + file);
        assertThat(Files.readString(file)).startsWith("# bike:").contains("name: bike");

        CliRun again = parley("domain", "new", "bike", "--out", file.toString());
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err().strip()).isEqualTo("parley: domain new: " + file + " already exists; nothing written");

        CliRun check = parley("domain", "check", file.toString(), "--dialogues", "20");
        assertThat(check.code()).as(check.err()).isZero();
        assertThat(check.out()).contains("bike is a valid domain file").contains("dry run: 20 seeded random dialogues")
                .contains("estimated tree size").contains("payoffs met: Alice [").contains("every move has content");

        Path out = dir.resolve("run");
        CliRun run = parley("experiment", "--domain", file.toString(), "--max-replies", "3", "--json", "--out",
                out.toString());
        JsonNode report = run.successJson().get(0);
        assertThat(report.get("domain").asText()).isEqualTo("bike");
        assertThat(report.get("nash_conv").asDouble()).isNotNegative();
        assertThat(Files.size(out.resolve("report.json"))).isPositive();
    }

    @Test
    void theFruitFileRunsAnExperimentAndItsCheckReportsWhatItMet() {
        CliRun check = parley("domain", "check", FRUIT.toString(), "--dialogues", "30", "--json");
        JsonNode j = check.successJson();
        assertThat(j.get("name").asText()).isEqualTo("fruit-trading-file");
        assertThat(j.get("roles")).hasSize(2);
        JsonNode dry = j.get("dry_run");
        assertThat(dry.get("dialogues").asInt()).isEqualTo(30);
        assertThat(dry.get("estimated_nodes").asDouble()).isGreaterThan(dry.get("estimated_terminals").asDouble());
        for (JsonNode met : dry.get("payoffs_met")) {
            assertThat(met.get("min").asDouble()).isBetween(-20.0, met.get("max").asDouble());
            assertThat(met.get("max").asDouble()).isLessThanOrEqualTo(20.0);
        }
    }

    @Test
    void theThreePartyGameRunsAnExperimentWithThreeRoles(@TempDir Path dir) {
        Path rent = Path.of("../..", "examples", "domains", "rent-mediation.yaml");
        CliRun run = parley("experiment", "--domain", rent.toString(), "--max-replies", "4", "--json", "--out",
                dir.toString());
        JsonNode report = run.successJson().get(0);
        assertThat(report.get("domain").asText()).isEqualTo("rent-mediation");
        assertThat(report.get("roles")).hasSize(3);
        assertThat(report.get("cfr_gain")).hasSize(3);
        assertThat(report.get("payoffs").get("eq_vs_base")).hasSize(3);
    }

    @Test
    void theSalaryGameRunsAnExperimentOffline(@TempDir Path dir) {
        Path salary = Path.of("../..", "examples", "domains", "salary-negotiation.yaml");
        CliRun run = parley("experiment", "--domain", salary.toString(), "--max-replies", "3", "--json", "--out",
                dir.toString());
        JsonNode report = run.successJson().get(0);
        assertThat(report.get("domain").asText()).isEqualTo("salary-negotiation");
        for (JsonNode v : report.get("payoffs").get("eq_vs_base")) {
            assertThat(v.asDouble()).isBetween(0.0, 10.0);
        }
    }

    @Test
    void aSweepMixesNamesAndFilesAndPsroTakesAFile(@TempDir Path dir) {
        Path scheduling = Path.of("../..", "examples", "domains", "scheduling.yaml");
        CliRun sweep = parley("sweep", "--domain", "scheduling," + scheduling, "--max-replies", "2", "--iterations",
                "50", "--out", dir.resolve("sweep").toString());
        assertThat(sweep.code()).as(sweep.err()).isZero();
        assertThat(sweep.out().lines().filter(l -> l.startsWith("scheduling-file"))).hasSize(1);
        assertThat(sweep.out().lines().filter(l -> l.startsWith("scheduling "))).hasSize(1);

        CliRun psro = parley("psro", "--domain", FRUIT.toString(), "--iterations", "2", "--scenarios", "2", "--json",
                "--out", dir.resolve("psro").toString());
        JsonNode j = psro.successJson();
        assertThat(j.get("domain").asText()).isEqualTo("fruit-trading-file");
        assertThat(j.get("verification").get("rejected").asLong()).isZero();
    }

    @Test
    void aBadFileIsOneLocatedLineWithExitTwoAndNothingWritten(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.yaml");
        String text = Files.readString(FRUIT).replace("protocol: fruit-trading",
                "protocol: fruit-trading\ncolour: red");
        Files.writeString(bad, text);
        int line = text.lines().toList().indexOf("colour: red") + 1;

        CliRun check = parley("domain", "check", bad.toString());
        assertThat(check.code()).isEqualTo(2);
        assertThat(check.err().strip()).startsWith("parley: " + bad + ":" + line + ":1: unknown key 'colour'")
                .doesNotContain("\n").doesNotContain("Exception");

        Path out = dir.resolve("run");
        CliRun run = parley("experiment", "--domain", bad.toString(), "--out", out.toString());
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err().strip()).startsWith("parley: " + bad + ":" + line + ":1: unknown key 'colour'")
                .doesNotContain("\n");
        assertThat(out).doesNotExist();

        CliRun domains = parley("domains", bad.toString());
        assertThat(domains.code()).isEqualTo(2);
        assertThat(domains.err().strip()).startsWith("parley: " + bad + ":" + line + ":1: unknown key 'colour'");
    }

    @Test
    void aFileWithoutOfflineWordsSaysSoInOneLineWhenRunOffline(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("silent.yaml");
        String text = Files.readString(FRUIT);
        // every move's words: lists, cut out
        String silent = text.replaceAll("(?m)^    words:\\n(?:      .*\\n|        .*\\n)*", "");
        assertThat(silent).doesNotContain("words:");
        Files.writeString(file, silent);
        assertThat(parley("domain", "check", file.toString(), "--dialogues", "0").code()).isZero();
        Path out = dir.resolve("run");
        CliRun run = parley("experiment", "--domain", file.toString(), "--max-replies", "2", "--out", out.toString());
        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err().strip()).matches("parley: " + java.util.regex.Pattern.quote(file.toString())
                + ":\\d+:\\d+: the move '\\w+' has no offline words \\(words:\\): this domain runs only with a model");
        assertThat(out).doesNotExist();
    }
}
