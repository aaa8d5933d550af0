package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Options that mean one thing in several commands are one mixin: one declaration, one check, one help text
 * ({@code --seeds} of experiment, imitate and sweep; {@code --observe} of experiment and steer; {@code --actions} of
 * experiment and study human-imitation; {@code --max-replies} of every command that builds a dialogue game;
 * {@code --sample} of the studies that draw people's dialogues).
 */
class SharedOptionsTest {

    @Test
    void noSeedIsRefusedTheSameWayEverywhere(@TempDir Path dir) {
        String[][] runs = {
            {"experiment", "--domain", "fruit-trading", "--seeds", "0"},
            {"imitate", "--seeds", "0"},
            {"sweep", "--domain", "fruit-trading", "--seeds", "0", "--out", dir.resolve("sweep").toString()},
        };
        for (String[] args : runs) {
            CliRun r = parley(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).isEqualTo("parley: --seeds must be at least 1, got 0\n");
        }
    }

    @Test
    void theHelpSaysTheSameInEachCommand() {
        String first = null;
        for (String command : new String[] {"experiment", "imitate", "sweep"}) {
            String help = parley(command, "--help").out();
            String seeds = help.substring(help.indexOf("      --seeds=R"));
            // the same words, wrapped at each command's own column
            seeds = seeds.substring(0, seeds.indexOf("\n      -", 1)).replaceAll("\\s+", " ");
            assertThat(seeds).as(command).contains("S, S+1, ..., S+R-1").contains("95% t interval");
            if (first == null) {
                first = seeds;
            }
            assertThat(seeds).as(command).isEqualTo(first);
        }
    }

    @Test
    void anUnknownObservationIsRefusedTheSameWayEverywhere() {
        String state = ReadmeCommandsTest.ROOT.resolve("examples/state.json").toString();
        for (String[] args : new String[][] {{"experiment", "--domain", "fruit-trading", "--observe", "thoughts"},
                {"steer", "--domain", "fruit-trading", "--state", state, "--observe", "thoughts"}}) {
            CliRun r = parley(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args))
                    .isEqualTo("parley: --observe: unknown observation 'thoughts' (expected one of [words, moves])\n");
        }
    }

    @Test
    void anUnknownActionSpaceIsRefusedTheSameWayEverywhere() {
        for (String[] args : new String[][] {{"experiment", "--domain", "fruit-trading", "--actions", "moves"},
                {"study", "human-imitation", "--domain", "campsite", "--valid-only", "--actions", "moves"}}) {
            CliRun r = parley(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).startsWith("parley: --actions: ").hasLineCount(1);
        }
        assertThat(parley("experiment", "--domain", "fruit-trading", "--actions", "moves").err())
                .isEqualTo(parley("study", "human-imitation", "--domain", "campsite", "--valid-only", "--actions",
                        "moves").err());
    }

    @Test
    void noMessageIsRefusedTheSameWayEverywhere() {
        for (String[] args : new String[][] {{"experiment", "--domain", "fruit-trading", "--max-replies", "0"},
                {"study", "human-solver", "--domain", "campsite", "--valid-only", "--max-replies", "0"},
                {"study", "human-imitation", "--domain", "campsite", "--valid-only", "--max-replies", "0"},
                {"study", "reward", "--domain", "fruit-trading", "--max-replies", "0"}}) {
            CliRun r = parley(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args))
                    .isEqualTo("parley: --max-replies must be at least 1, got 0\n");
        }
    }

    @Test
    void aNegativeSampleIsRefusedTheSameWayInBothHumanStudies() {
        for (String study : new String[] {"human-reward", "human-solver"}) {
            CliRun r = parley("study", study, "--domain", "campsite", "--valid-only", "--sample", "-1");
            assertThat(r.code()).as(study).isEqualTo(2);
            assertThat(r.err()).as(study).isEqualTo("parley: --sample must be at least 0, got -1\n");
        }
    }
}
