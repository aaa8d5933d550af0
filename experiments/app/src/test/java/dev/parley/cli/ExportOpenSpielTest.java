package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.testing.Require;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Any game leaves Parley as a file that OpenSpiel reads as it is: the file {@code parley export} writes is given,
 * unchanged, to {@code pyspiel.load_efg_game}, OpenSpiel's own CFR ({@code open_spiel.python.algorithms.cfr}) runs on
 * it, and OpenSpiel's NashConv of its average policy equals Parley's after as many iterations of CFR. Both run CFR
 * with alternating updates and the same evaluation order, so the figures agree to rounding (measured: 2e-15 at most
 * on these eight games).
 */
@Tag("python")
class ExportOpenSpielTest {

    private static final String CFR = String.join("\n",
            "import json, sys, pyspiel",
            "from open_spiel.python.algorithms import cfr, exploitability",
            "game = pyspiel.load_efg_game(open(sys.argv[1]).read())",
            "solver = cfr.CFRSolver(game)",
            "for _ in range(int(sys.argv[2])):",
            "    solver.evaluate_and_update_policy()",
            "print(json.dumps({'players': game.num_players(),",
            "                  'nash_conv': exploitability.nash_conv(game, solver.average_policy())}))");

    private static final int ITERATIONS = 20;

    @ParameterizedTest
    @ValueSource(strings = {"kuhn_poker", "kuhn_poker(players=3)", "leduc_poker",
        "fruit_trading(scenarios=2,max_replies=2)", "scheduling(scenarios=2,max_replies=2)",
        "debate(scenarios=2,max_replies=2)", "campsite(scenarios=2,max_replies=2)",
        "deal_or_no_deal(scenarios=2,max_replies=2)"})
    void openSpielsCfrOnTheExportedFileGivesParleysNashConv(String game, @TempDir Path dir) throws Exception {
        Path python = Require.openSpielPython();
        Path file = dir.resolve("game.efg");
        CliRun export = parley("export", "--game", game, "--out", file.toString());
        assertThat(export.code()).as(export.err()).isZero();
        Path script = Files.writeString(dir.resolve("cfr.py"), CFR);

        Process p = new ProcessBuilder(python.toString(), script.toString(), file.toString(),
                Integer.toString(ITERATIONS)).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("OpenSpiel's CFR finished").isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        List<String> lines = output.strip().lines().toList();
        JsonNode openSpiel = new ObjectMapper().readTree(lines.get(lines.size() - 1));

        JsonNode parley = parley("solve", "--game", game, "--solver", "cfr", "--iterations",
                Integer.toString(ITERATIONS), "--json").successJson();
        assertThat(openSpiel.get("players").asInt()).isEqualTo(parley.get("expected_values").size());
        assertThat(openSpiel.get("nash_conv").asDouble()).as(game)
                .isCloseTo(parley.get("nash_conv").asDouble(), within(1e-12));
    }
}
