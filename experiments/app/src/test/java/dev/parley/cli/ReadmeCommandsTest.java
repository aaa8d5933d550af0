package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every command block of the README and of every chapter under {@code docs/} in-process, in order, each file
 * from its own scratch directory holding a copy of {@code examples/}, so the documentation cannot rot. The convention
 * ({@link ReadmeCommands}) is described in {@code docs/architecture.md}; commands marked {@code # not run: REASON}
 * are reported as skipped with their reason.
 */
class ReadmeCommandsTest {

    /** Surefire runs in the module directory (experiments/app); the README is two levels up. */
    static final Path ROOT = Path.of("").toAbsolutePath().getParent().getParent();

    /** Arguments with these endings, or with a slash, are files: they are resolved in the scratch directory. */
    private static final Pattern FILE = Pattern.compile(
            ".*\\.(json|jsonl|nfg|efg|dgdl|sqlite|toml|txt|csv|png|yaml|yml)$");

    /** The README and every chapter of the guide, README first, then the chapters by name. */
    static List<Path> documents() {
        try (Stream<Path> chapters = Files.list(ROOT.resolve("docs"))) {
            return Stream.concat(Stream.of(ROOT.resolve("README.md")),
                    chapters.filter(p -> p.getFileName().toString().endsWith(".md")).sorted()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ReadmeCommands parse(Path document) {
        try {
            return ReadmeCommands.parse(Files.readString(document));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String name(Path document) {
        return ROOT.relativize(document).toString();
    }

    @Test
    void everyDocumentFollowsTheConvention() {
        long runs = 0;
        for (Path d : documents()) {
            ReadmeCommands r = parse(d);
            assertThat(r.problems()).as(name(d)).isEmpty();
            assertThat(r.commands()).as(name(d)).filteredOn(c -> !c.runs())
                    .allSatisfy(c -> assertThat(c.notRun()).isNotBlank());
            runs += r.commands().stream().filter(ReadmeCommands.Command::runs).count();
        }
        assertThat(runs).as("commands run across the README and docs/").isGreaterThanOrEqualTo(20);
        assertThat(parse(ROOT.resolve("README.md")).commands()).as("the README's tour")
                .filteredOn(ReadmeCommands.Command::runs).hasSizeGreaterThanOrEqualTo(5);
    }

    /** From the repository root, the default store ({@code ./parley.db} and its lock) would be in the checkout. */
    @Test
    void everyDocumentedServerKeepsItsStoreOutOfTheSourceTree() {
        for (Path d : documents()) {
            assertThat(parse(d).commands()).as(name(d))
                    .filteredOn(c -> c.text().matches("(\\./)?parley serve\\s.*"))
                    .allSatisfy(c -> assertThat(c.text()).containsPattern("--db (target/|/tmp/|jdbc:)"));
        }
    }

    @Test
    void noDocumentLinksOutsideTheRepository() throws IOException {
        for (Path d : documents()) {
            assertThat(Files.readString(d)).as(name(d)).doesNotContain("../shared");
        }
    }

    @Test
    void everyExampleFileIsNamedAndEveryNamedOneExists() throws IOException {
        StringBuilder all = new StringBuilder();
        for (Path d : documents()) {
            all.append(Files.readString(d)).append('\n');
        }
        String readme = all.toString();
        // subdirectories too (examples/domains/...): every file is named by its path under examples/
        java.util.regex.Matcher m = Pattern.compile("examples/([\\w./-]+\\.\\w+)").matcher(readme);
        java.util.Set<String> named = new java.util.TreeSet<>();
        while (m.find()) {
            named.add(m.group(1));
        }
        java.util.Set<String> present = new java.util.TreeSet<>();
        Path examples = ROOT.resolve("examples");
        try (Stream<Path> files = Files.walk(examples)) {
            files.filter(Files::isRegularFile).map(f -> examples.relativize(f).toString().replace('\\', '/'))
                    .forEach(present::add);
        }
        assertThat(present).as("files in examples/").containsExactlyInAnyOrderElementsOf(named);
    }

    @Test
    void theConventionIsParsedAsDocumented() {
        ReadmeCommands r = ReadmeCommands.parse("""
                text
                ```bash
                ./parley games --json          # a comment
                ./parley solve --game "my game.efg" \\
                    --solver cfr               # exit 2
                mvn -B verify && ./parley games   # not run: builds the project
                ./parley x 'a b' c\\ d
                ```
                ```bash
                # not run: needs a server
                curl -s localhost:8080/available | jq .
                ```
                ```
                ./parley hidden
                ```
                ```bash
                ls > out.txt
                ```
                """);
        assertThat(r.commands()).extracting(ReadmeCommands.Command::args).containsExactly(
                List.of("games", "--json"), List.of("solve", "--game", "my game.efg", "--solver", "cfr"), List.of(),
                List.of(), List.of("x", "a b", "c d"), List.of());
        assertThat(r.commands()).extracting(ReadmeCommands.Command::expectedExit).containsExactly(0, 2, 0, 0, 0, 0);
        assertThat(r.commands()).extracting(ReadmeCommands.Command::notRun).containsExactly(null, null,
                "builds the project", "builds the project", null, "needs a server");
        assertThat(r.problems()).containsExactly(
                "line 14: a ./parley command outside a ```bash block is never run",
                "line 17: '>' needs a shell; the test runs plain commands only");
    }

    @TestFactory
    Stream<DynamicContainer> everyCommandOfTheDocumentationRuns(@TempDir Path scratch) throws IOException {
        List<DynamicContainer> files = new java.util.ArrayList<>();
        for (Path d : documents()) {
            Path dir = scratch.resolve(d.getFileName().toString().replace(".md", ""));
            copy(ROOT.resolve("examples"), dir.resolve("examples"));
            files.add(DynamicContainer.dynamicContainer(name(d), commands(d, dir)));
        }
        return files.stream();
    }

    private static Stream<DynamicTest> commands(Path document, Path dir) {
        // no variables and an empty home: a developer's own config file or PARLEY_* settings change nothing here
        CliEnvironment env = new CliEnvironment(Map.of(), dir.resolve("home"));
        String file = name(document);
        return parse(document).commands().stream().map(c -> dynamicTest(file + " line " + c.line() + ": " + c.text(), () -> {
            assumeTrue(c.runs(), () -> "not run: " + c.notRun());
            String[] args = c.args().stream().map(a -> inScratch(a, dir)).toArray(String[]::new);
            CliRun run = CliRun.parley(env, args);
            assertThat(run.code()).as("exit code; stderr: %s", run.err()).isEqualTo(c.expectedExit());
            if (c.expectedExit() == 0) {
                assertThat(run.out()).as("standard output").isNotBlank();
            } else {
                assertThat(run.err().strip()).as("one line on standard error").doesNotContain("\n")
                        .doesNotContain("Exception");
            }
        }));
    }

    /**
     * A file argument, as it would be seen from the repository root, in the scratch directory instead; but a bundled
     * source file the docs name ({@code domains/src/...}, as "Adding a domain" checks a protocol) is read where it is.
     */
    private static String inScratch(String arg, Path dir) {
        if (arg.startsWith("-") || arg.contains("://") || !(arg.contains("/") || FILE.matcher(arg).matches())) {
            return arg;
        }
        if (arg.startsWith("domains/src/") && Files.isRegularFile(ROOT.resolve(arg))) {
            return ROOT.resolve(arg).toString();
        }
        return dir.resolve(arg).toString();
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
