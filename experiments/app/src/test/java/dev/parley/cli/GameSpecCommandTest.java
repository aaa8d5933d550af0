package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One game, named with its parameters, works the same in solve, psro, experiment and sweep. */
class GameSpecCommandTest {

    private static final String SPEC = "fruit_trading(scenarios=2,max_replies=2,actions=instruction)";

    private static JsonNode json(CliRun r) throws Exception {
        return r.successJson();
    }

    @Test
    void solveAndExperimentBuildTheSameGameFromOneSpec() throws Exception {
        JsonNode solved = json(parley("solve", "--game", SPEC, "--solver", "cfr", "--iterations", "200", "--json"));
        JsonNode run = json(parley("experiment", "--domain", SPEC, "--json")).get(0);
        assertThat(run.path("scenarios").asInt()).isEqualTo(2);
        assertThat(run.path("max_replies").asInt()).isEqualTo(2);
        assertThat(run.path("actions").asText()).isEqualTo("instruction");
        // the experiment runs CFR for 200 iterations by default: the same tree gives the same NashConv
        assertThat(solved.path("nash_conv").asDouble()).isCloseTo(run.path("nash_conv").asDouble(),
                org.assertj.core.data.Offset.offset(1e-12));
        // the spec is the flags it stands for
        JsonNode byFlags = json(parley("experiment", "--domain", "fruit-trading", "--scenarios", "2",
                "--max-replies", "2", "--actions", "instruction", "--json")).get(0);
        assertThat(byFlags.path("nodes")).isEqualTo(run.path("nodes"));
        assertThat(byFlags.path("nash_conv")).isEqualTo(run.path("nash_conv"));
    }

    @Test
    void sweepAndPsroTakeSpecsToo(@TempDir Path dir) throws Exception {
        CliRun sweep = parley("sweep", "--domain", SPEC, "--iterations", "20", "--out", dir.toString());
        assertThat(sweep.code()).as(sweep.err()).isZero();
        JsonNode cells = Json.MAPPER.readTree(dir.resolve("sweep.json").toFile());
        assertThat(cells.toString()).contains("\"instruction\"");
        CliRun psro = parley("psro", "--game", "kuhn_poker(players=3)", "--meta-solver", "cce", "--iterations", "2");
        assertThat(psro.code()).as(psro.err()).isZero();
        assertThat(psro.out()).contains("kuhn_poker_3p");
    }

    @Test
    void theOldNamesKeepWorking() {
        assertThat(parley("solve", "--game", "kuhn_poker_3p", "--solver", "cfr", "--iterations", "5").code())
                .isZero();
        assertThat(parley("experiment", "--domain", "fruit_trading", "--max-replies", "2").code()).isZero();
    }

    @Test
    void badSpecsAreOneLineWithSuggestions() {
        CliRun unknown = parley("solve", "--game", "fruit_tradng(max_replies=2)", "--solver", "cfr",
                "--iterations", "5");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).isEqualTo("parley: unknown game 'fruit_tradng'; did you mean fruit_trading?; the"
                + " games are kuhn_poker, leduc_poker, fruit_trading, scheduling, debate, campsite,"
                + " deal_or_no_deal\n");
        CliRun param = parley("experiment", "--domain", "fruit_trading(scenario=4)");
        assertThat(param.code()).isEqualTo(2);
        assertThat(param.err()).startsWith("parley: game fruit_trading has no parameter 'scenario'; did you mean"
                + " scenarios?");
        CliRun twice = parley("experiment", "--domain", SPEC, "--actions", "instruction");
        assertThat(twice.code()).isEqualTo(2);
        assertThat(twice.err()).contains("'--actions' (SPACE) should be specified only once");
        CliRun reference = parley("experiment", "--domain", "kuhn_poker(players=3)");
        assertThat(reference.err()).isEqualTo("parley: --domain kuhn_poker(players=3): kuhn_poker is not a dialogue"
                + " game (it goes with --game)\n");
        CliRun cannot = parley("psro", "--domain", SPEC, "--iterations", "1");
        assertThat(cannot.code()).isEqualTo(2);
        assertThat(cannot.err()).isEqualTo("parley: --domain " + SPEC + ": parley psro cannot set the game's"
                + " actions\n");
        assertThat(unknown.out()).isEmpty();
    }
}
