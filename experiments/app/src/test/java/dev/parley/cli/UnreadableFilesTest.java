package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that reads a file the user names refuses a missing file, a directory and text that is not UTF-8 in
 * the same words, on one line with exit code 2: the path, then "no such file", "is a directory, not a file", or the
 * line and column of the first byte that is not UTF-8. Java's own words ("Input length = 1", "Is a directory") never
 * reach the user.
 */
class UnreadableFilesTest {

    /** A command line with {@code FILE} where the path goes, and whether the file is read as UTF-8 text. */
    private record Reads(boolean text, String... args) {
        String[] with(Path file) {
            return java.util.Arrays.stream(args).map(a -> a.equals("FILE") ? file.toString() : a)
                    .toArray(String[]::new);
        }
    }

    private static List<Reads> commands(Path state) {
        return List.of(
                new Reads(true, "protocol", "check", "FILE"),
                new Reads(true, "protocol", "play", "ppd", "--script", "FILE"),
                new Reads(true, "preface", "--dcrs", "FILE"),
                new Reads(true, "aif", "check", "FILE"),
                new Reads(true, "aif", "convert", "--to", "xaif", "FILE"),
                new Reads(true, "af", "-p", "SE-GR", "-fo", "apx", "-f", "FILE"),
                new Reads(true, "af", "--vaf", "FILE", "-p", "SE-GR"),
                new Reads(true, "steer", "--domain", "fruit-trading", "--state", "FILE"),
                new Reads(true, "steer", "--domain", "fruit-trading", "--state", state.toString(), "--policy", "FILE"),
                new Reads(true, "cache", "import", "FILE"),
                // Gambit files fall back to Latin-1, as older Gambit wrote them; a JSON corpus is decoded by Jackson
                new Reads(false, "nfg", "--game", "FILE", "--meta-solver", "nash"),
                new Reads(false, "corpus", "show", "--file", "FILE", "--id", "1", "casino"));
    }

    @Test
    void everyReaderRefusesAMissingFileADirectoryAndNonUtf8TextAlike(@TempDir Path dir) throws Exception {
        Path state = Files.writeString(dir.resolve("state.json"), "{\"role\": \"Alice\", \"transcript\": []}");
        Path missing = dir.resolve("missing.txt");
        Path folder = Files.createDirectory(dir.resolve("folder"));
        Path latin1 = Files.write(dir.resolve("latin1.txt"),
                "first line\n  caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        List<String> wrong = new ArrayList<>();
        for (Reads r : commands(state)) {
            expect(wrong, r.with(missing), "parley: " + missing + ": no such file");
            expect(wrong, r.with(folder), "parley: " + folder + ": is a directory, not a file");
            if (r.text()) {
                expect(wrong, r.with(latin1), "parley: " + latin1 + ":2:6: not UTF-8 text (byte 0xE9)");
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void anOptionThatNamesAFileSaysWhichOption(@TempDir Path dir) throws Exception {
        Path folder = Files.createDirectory(dir.resolve("folder"));
        CliRun r = parley("experiment", "--domain", "fruit-trading", "--solver", "mccfr-os", "--resume",
                folder.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("parley: --resume " + folder + ": is a directory, not a file");
        CliRun m = parley("experiment", "--domain", "fruit-trading", "--solver", "mccfr-os", "--resume",
                dir.resolve("none.bin").toString());
        assertThat(m.err().strip()).isEqualTo("parley: --resume " + dir.resolve("none.bin") + ": no such file");
    }

    @Test
    void anImportStopsAtTheByteAndImportsNothing(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache.sqlite");
        Path export = Files.write(dir.resolve("export.jsonl"), "\n\n{\"key\": \"caf\u00e9\"}\n"
                .getBytes(StandardCharsets.ISO_8859_1));
        CliRun r = parley("cache", "--cache", cache.toString(), "import", export.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("parley: " + export + ":3:13: not UTF-8 text (byte 0xE9)");
        CliRun counted = parley("cache", "--cache", cache.toString(), "stats");
        assertThat(counted.code()).as(counted.err()).isZero();
        assertThat(counted.out()).contains("entries: 0");
    }

    private static void expect(List<String> wrong, String[] args, String line) {
        CliRun r = parley(args);
        String said = r.err().strip();
        boolean ok = r.code() == 2 && (said.equals(line) || said.startsWith(line + " (bundled protocols: "));
        if (!ok) {
            wrong.add(String.join(" ", args) + "\n    expected: " + line + "\n    got (" + r.code() + "): " + said);
        }
    }
}
