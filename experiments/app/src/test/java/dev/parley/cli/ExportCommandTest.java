package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.gambit.Efg;
import dev.parley.game.GameTree;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code parley export}: a game written as .efg is the same game, solved to the same figures, when read back. */
class ExportCommandTest {

    @ParameterizedTest
    @ValueSource(strings = {"kuhn_poker(players=3)", "fruit_trading(scenarios=2,max_replies=2)",
        "campsite(scenarios=1,max_replies=2)"})
    void anExportedGameSolvesToTheSameFiguresAsTheGameItself(String game, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("game.efg");
        CliRun export = parley("export", "--game", game, "--out", file.toString());
        assertThat(export.code()).as(export.err()).isZero();
        assertThat(export.out()).startsWith("wrote " + file + ": ").contains(" nodes, ").contains(" infosets");

        JsonNode direct = parley("solve", "--game", game, "--solver", "cfr", "--iterations", "30", "--json")
                .successJson();
        JsonNode fromFile = parley("solve", "--game", file.toString(), "--solver", "cfr", "--iterations", "30",
                "--json").successJson();
        assertThat(fromFile.get("nash_conv").asDouble())
                .isCloseTo(direct.get("nash_conv").asDouble(), within(1e-12));
        for (int p = 0; p < direct.get("expected_values").size(); p++) {
            assertThat(fromFile.get("expected_values").get(p).asDouble())
                    .isCloseTo(direct.get("expected_values").get(p).asDouble(), within(1e-12));
        }
        // the form OpenSpiel's reader takes: no escapes, no null outcome, no bare infoset or outcome numbers
        String text = Files.readString(file);
        assertThat(text).doesNotContain("\\").doesNotContainPattern("(?m)^t \"\" 0$")
                .doesNotContainPattern("(?m)^p \"\" \\d+ \\d+ 0$").doesNotContainPattern("(?m)^t \"\" \\d+$");
        GameTree back = GameTree.compile(Efg.read(file));
        assertThat(export.out()).contains(String.format(java.util.Locale.ROOT, "%,d nodes, %,d infosets",
                back.numNodes(), back.numInfosets()));
    }

    @Test
    void standardOutputTakesTheFileWhenOutIsADash() {
        CliRun r = parley("export", "--game", "kuhn_poker", "--out", "-");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("EFG 2 R \"kuhn_poker\" { \"Player 1\" \"Player 2\" }");
        assertThat(GameTree.compile(Efg.parse(r.out(), "stdout")).numNodes()).isEqualTo(58);
    }

    @Test
    void badOptionsAreRefusedInOneLineBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("out.efg");
        CliRun format = parley("export", "--game", "kuhn_poker", "--format", "nfg", "--out", file.toString());
        assertThat(format.code()).isEqualTo(2);
        assertThat(format.err().strip()).isEqualTo("parley: unknown --format nfg; expected efg");

        CliRun game = parley("export", "--game", "chess", "--out", file.toString());
        assertThat(game.code()).isEqualTo(2);
        assertThat(game.err().strip()).startsWith("parley: unknown game 'chess'").doesNotContain("Exception");

        Files.writeString(dir.resolve("a-file"), "x");
        CliRun under = parley("export", "--game", "kuhn_poker", "--out", dir.resolve("a-file/out.efg").toString());
        assertThat(under.code()).isEqualTo(2);
        assertThat(under.err()).contains("is a file, not a directory");

        CliRun huge = parley("export", "--game", "fruit_trading(max_replies=99999)", "--out", file.toString());
        assertThat(huge.code()).isEqualTo(2);
        assertThat(huge.err().strip()).endsWith("; export a smaller game (fewer scenarios or messages)");

        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("a-file");
        }
    }
}
