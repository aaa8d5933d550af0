package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every JSON file a command reads reports malformed JSON in one shape, as a compiler does:
 * {@code FILE:LINE:COLUMN: malformed JSON: what Jackson found}, without Jackson's internals, and exit code 2.
 */
class MalformedJsonFilesTest {

    private static final String STATE = ReadmeCommandsTest.ROOT.resolve("examples/state.json").toString();

    @Test
    void everyJsonFileAnswersInOneShape(@TempDir Path dir) throws Exception {
        // the second line breaks off inside an object, after its 11 characters: line 2, column 12
        Path f = Files.writeString(dir.resolve("broken.json"), "{\n  \"role\": 1");
        List<String[]> runs = new ArrayList<>();
        runs.add(new String[] {"steer", "--domain", "fruit-trading", "--state", STATE, "--policy", f.toString()});
        runs.add(new String[] {"steer", "--domain", "fruit-trading", "--state", f.toString()});
        runs.add(new String[] {"imitate", "--model-in", f.toString()});
        runs.add(new String[] {"preface", "--dcrs", f.toString()});
        runs.add(new String[] {"protocol", "play", ReadmeCommandsTest.ROOT.resolve("examples/my-game.dgdl")
                .toString(), "--script", f.toString()});
        runs.add(new String[] {"aif", "check", f.toString()});
        runs.add(new String[] {"aif", "frame", f.toString()});
        runs.add(new String[] {"study", "human-reward", "--domain", "campsite", "--test-file", f.toString(),
            "--sample", "1"});
        for (String[] args : runs) {
            CliRun r = parley(args);
            String what = String.join(" ", args);
            assertThat(r.code()).as(what).isEqualTo(2);
            // what Jackson says after the location differs with how the file is read; the shape does not
            assertThat(r.err()).as(what).startsWith("parley: " + f + ":2:12: malformed JSON: Unexpected end-of-input")
                    .doesNotContain("REDACTED").endsWith("\n").hasLineCount(1);
        }
    }

    @Test
    void aJsonLinesFileNamesTheLineOfTheBrokenEntry(@TempDir Path dir) throws Exception {
        // two blank lines, then an entry that breaks off: line 3, column 9
        Path f = Files.writeString(dir.resolve("broken.jsonl"), "\n\n{\"key\": ");
        for (String[] args : new String[][] {{"imitate", "--dataset-in", f.toString()},
                {"cache", "import", f.toString(), "--cache", dir.resolve("c.sqlite").toString()}}) {
            CliRun r = parley(args);
            String what = String.join(" ", args);
            assertThat(r.code()).as(what).isEqualTo(2);
            assertThat(r.err()).as(what).startsWith("parley: " + f + ":3:9: malformed JSON: Unexpected end-of-input")
                    .doesNotContain("REDACTED").endsWith("\n").hasLineCount(1);
        }
    }
}
