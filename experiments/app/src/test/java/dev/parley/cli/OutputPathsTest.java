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
 * The files and directories commands write at the end of their work ({@code --out}, {@code --policy-out},
 * {@code --model-out}, {@code --state}): a path that cannot be written is refused before any work, with the option
 * and the reason; a missing directory is made.
 */
class OutputPathsTest {

    private static final String STATE = ReadmeCommandsTest.ROOT.resolve("examples/state.json").toString();

    /**
     * Each run asks for far more work than the timeout allows (two billion Leduc iterations, a hundred million MCCFR
     * iterations, ...), or for work of tens of seconds each, so all of them end in time only if every path is
     * refused first.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aPathUnderAFileIsRefusedBeforeAnyWork(@TempDir Path dir) throws Exception {
        Path aFile = Files.writeString(dir.resolve("notes.txt"), "not a directory");
        String under = aFile.resolve("x").toString();
        String[][] runs = {
            {"--policy-out", "solve", "--game", "leduc_poker", "--solver", "cfr", "--iterations", "2000000000"},
            {"--policy-out", "psro", "--game", "kuhn_poker", "--meta-solver", "nash", "--iterations", "100000"},
            {"--policy-out", "steer", "--domain", "fruit-trading", "--state", STATE, "--iterations", "100000000"},
            {"--model-out", "imitate", "--iterations", "100000"},
            {"--out", "imitate", "--iterations", "100000"},
            {"--state", "experiment", "--domain", "fruit-trading", "--solver", "mccfr-os", "--iterations",
                "100000000"},
            {"--out", "experiment", "--domain", "fruit-trading", "--iterations", "100000000"},
            {"--out", "study", "reward", "--domain", "fruit-trading", "--samples", "100000"},
            {"--out", "sweep", "--domain", "fruit-trading", "--iterations", "100000000"},
        };
        for (String[] run : runs) {
            String option = run[0];
            String[] args = java.util.Arrays.copyOfRange(run, 1, run.length + 2);
            args[args.length - 2] = option;
            args[args.length - 1] = under;
            CliRun r = parley(args);
            String what = String.join(" ", args);
            assertThat(r.code()).as(what + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).as(what)
                    .isEqualTo("parley: " + option + " " + under + ": " + aFile + " is a file, not a directory\n");
            assertThat(r.out()).as(what).isEmpty();
        }
        assertThat(Files.readString(aFile)).isEqualTo("not a directory");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aDirectoryWhereAFileIsWantedIsRefusedBeforeAnyWork(@TempDir Path dir) {
        CliRun solve = parley("solve", "--game", "leduc_poker", "--solver", "cfr", "--iterations", "2000000000",
                "--policy-out", dir.toString());
        assertThat(solve.code()).isEqualTo(2);
        assertThat(solve.err()).isEqualTo("parley: --policy-out " + dir + " is a directory; name a file\n");
        CliRun experiment = parley("experiment", "--domain", "fruit-trading", "--solver", "mccfr-os",
                "--iterations", "100000000", "--state", dir.toString());
        assertThat(experiment.code()).isEqualTo(2);
        assertThat(experiment.err()).isEqualTo("parley: --state " + dir + " is a directory; name a file\n");
    }

    @Test
    void steerWritesThePolicyItPlaysInTheFormatItReads(@TempDir Path dir) throws Exception {
        // a missing directory is made, as for every file Parley writes
        Path out = dir.resolve("new-directory").resolve("played.json");
        CliRun r = parley("steer", "--domain", "fruit-trading", "--state", STATE, "--policy-out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        TabularPolicy played = TabularPolicy.read(out);
        assertThat(played.rows()).isNotEmpty();
        // the file plays again as --policy: the same advice as the solve that wrote it
        CliRun again = parley("steer", "--domain", "fruit-trading", "--state", STATE, "--policy", out.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).isEqualTo(r.out());
    }
}
