package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The shared {@code --out DIR}: every command that mixes it in names the files it writes there in its help, and
 * refuses an {@code --out} that is an existing file before any work, leaving the file as it was.
 */
class ReportOptionsTest {

    /** Command path to its command line, for every command that mixes in {@link ReportOptions}. */
    private static Map<String, CommandLine> commandsWithReportDir() {
        Map<String, CommandLine> found = new LinkedHashMap<>();
        collect(Parley.commandLine(CliEnvironment.system()), new ArrayList<>(), found);
        return found;
    }

    private static void collect(CommandLine cl, List<String> path, Map<String, CommandLine> found) {
        if (cl.getCommandSpec().mixins().values().stream().anyMatch(m -> m.userObject() instanceof ReportOptions)) {
            found.put(String.join(" ", path), cl);
        }
        cl.getSubcommands().forEach((name, sub) -> {
            if (name.equals(sub.getCommandName())) {
                path.add(name);
                collect(sub, path, found);
                path.remove(path.size() - 1);
            }
        });
    }

    @Test
    void everyCommandWithTheSharedOutListsItsFiles() {
        Map<String, CommandLine> commands = commandsWithReportDir();
        assertThat(commands.keySet()).contains("experiment", "imitate", "psro", "study reward", "study steering",
                "study human-reward", "study human-solver", "study human-steering", "study human-imitation");
        for (Map.Entry<String, CommandLine> c : commands.entrySet()) {
            String help = c.getValue().getUsageMessage(CommandLine.Help.Ansi.OFF);
            String files = help.substring(Math.max(0, help.indexOf("Files written with --out DIR:")));
            assertThat(help).as(c.getKey()).contains("Files written with --out DIR:");
            // at least one file name with its extension, followed by what it holds
            assertThat(files).as(c.getKey()).containsPattern("\\n  [a-zA-Z_]+\\.(json|jsonl|csv|txt|png)[,:]");
        }
    }

    @Test
    void anOutThatIsAFileIsRefusedBeforeAnyWorkByEveryStudy(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("existing-file.txt");
        Files.writeString(file, "keep me");
        String[][] runs = {
            {"study", "reward", "--domain", "fruit-trading", "--samples", "1"},
            {"study", "steering", "--domain", "fruit-trading", "--samples", "1"},
            {"study", "human-solver", "--domain", "campsite"},
            {"study", "human-steering", "--domain", "campsite"},
            {"imitate"},
        };
        for (String[] run : runs) {
            List<String> args = new ArrayList<>(List.of(run));
            args.add("--out");
            args.add(file.toString());
            CliRun r = parley(args.toArray(String[]::new));
            String label = String.join(" ", run);
            assertThat(r.code()).as(label + ": " + r.err()).isEqualTo(2);
            assertThat(r.out()).as(label).isEmpty();
            assertThat(r.err().strip()).as(label).isEqualTo("parley: --out " + file + " is a file, not a directory");
        }
        assertThat(Files.readString(file)).isEqualTo("keep me");
    }

    @Test
    void writingNothingWithoutOutAndAFailedWriteNamesTheDirectory(@TempDir Path dir) {
        ReportOptions none = new ReportOptions();
        none.writeFiles("report", d -> {
            throw new AssertionError("nothing is written without --out");
        });
        ReportOptions some = new ReportOptions();
        some.dir = dir.resolve("reports");
        assertThatThrownBy(() -> some.writeFiles("curve", d -> {
            throw new IOException("No space left on device");
        })).isInstanceOf(UserInputException.class)
                .hasMessage("cannot write the curve to " + some.dir + ": No space left on device");
    }
}
