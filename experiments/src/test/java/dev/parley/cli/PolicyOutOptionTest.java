package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.game.TabularPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --policy-out} of solve, psro and steer: a path that cannot be written is refused before any work; the file
 * is written in the one format, its folder made if missing.
 */
class PolicyOutOptionTest {

    /**
     * Each run asks for far more work than the timeout allows (two billion Leduc iterations, a hundred thousand PSRO
     * iterations, a solve of fruit trading), so it can end in time only if the file is refused first.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aFileThatCannotBeWrittenIsRefusedBeforeAnyWork(@TempDir Path dir) throws Exception {
        Path aFile = Files.writeString(dir.resolve("notes.txt"), "not a folder");
        Path underAFile = aFile.resolve("policy.json");
        String underAFileMessage = "parley: --policy-out " + underAFile + ": " + aFile + " is a file, not a folder\n";
        String folderMessage = "parley: --policy-out " + dir + " is a folder; name a file\n";
        for (Path target : new Path[] {underAFile, dir}) {
            String expected = target.equals(dir) ? folderMessage : underAFileMessage;
            CliRun solve = parley("solve", "--game", "leduc_poker", "--solver", "cfr", "--iterations",
                    "2000000000", "--policy-out", target.toString());
            CliRun psro = parley("psro", "--game", "kuhn_poker", "--meta-solver", "nash", "--iterations",
                    "100000", "--policy-out", target.toString());
            CliRun steer = parley("steer", "--domain", "fruit-trading", "--state",
                    ReadmeCommandsTest.ROOT.resolve("examples/state.json").toString(), "--iterations", "1000000",
                    "--policy-out", target.toString());
            for (CliRun r : new CliRun[] {solve, psro, steer}) {
                assertThat(r.code()).as(r.err()).isEqualTo(2);
                assertThat(r.err()).isEqualTo(expected);
                assertThat(r.out()).isEmpty();
            }
        }
        assertThat(Files.readString(aFile)).isEqualTo("not a folder");
    }

    @Test
    void steerWritesThePolicyItPlaysInTheFormatItReads(@TempDir Path dir) throws Exception {
        // a missing folder is made, as for every file Parley writes
        Path out = dir.resolve("new-folder").resolve("played.json");
        CliRun r = parley("steer", "--domain", "fruit-trading", "--state",
                ReadmeCommandsTest.ROOT.resolve("examples/state.json").toString(), "--policy-out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        TabularPolicy played = TabularPolicy.read(out);
        assertThat(played.rows()).isNotEmpty();
        // the file plays again as --policy: the same advice as the solve that wrote it
        CliRun again = parley("steer", "--domain", "fruit-trading", "--state",
                ReadmeCommandsTest.ROOT.resolve("examples/state.json").toString(), "--policy", out.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).isEqualTo(r.out());
    }
}
