package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * "Adding a domain" in {@code docs/domains.md} names files, classes, a registry line and a Maven test run that
 * {@link ReadmeCommandsTest} cannot run; this test checks that each of them is still true of the source, and that the
 * section's {@code ./parley} commands are ones that test runs.
 */
class DomainsDocsTest {

    private static final Path ROOT = ReadmeCommandsTest.ROOT;
    private static final Path DOMAINS = ROOT.resolve("domains/src/main/java/dev/parley/domain");

    private static String section() throws IOException {
        String doc = Files.readString(ROOT.resolve("docs/domains.md"));
        int start = doc.indexOf("\n## Adding a domain\n");
        assertThat(start).as("docs/domains.md has the section \"Adding a domain\"").isNotNegative();
        int end = doc.indexOf("\n## ", start + 1);
        return end < 0 ? doc.substring(start) : doc.substring(start, end);
    }

    private static List<String> all(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void everyPathItNamesExists() throws IOException {
        List<String> paths = all(Pattern.compile("`(domains/[^`\\s]+)`"), section());
        assertThat(paths).isNotEmpty();
        assertThat(paths).allSatisfy(p -> assertThat(ROOT.resolve(p)).as(p).exists());
    }

    @Test
    void theClassTableIsTheModelDomainsPackageAndItsInterfaces() throws Exception {
        Matcher row = Pattern.compile("(?m)^\\| `(\\w+)` \\| [^|]+ \\| (?:`(\\w+)`)? *\\|$").matcher(section());
        List<String> rows = new ArrayList<>();
        while (row.find()) {
            rows.add(row.group(1));
            Class<?> c = Class.forName("dev.parley.domain.scheduling." + row.group(1));
            if (row.group(2) != null) {
                assertThat(Class.forName("dev.parley.dialogue." + row.group(2))).as(row.group(1) + " implements")
                        .isAssignableFrom(c);
            }
        }
        List<String> files;
        try (var list = Files.list(DOMAINS.resolve("scheduling"))) {
            files = list.map(f -> f.getFileName().toString().replace(".java", "")).toList();
        }
        assertThat(rows).containsExactlyInAnyOrderElementsOf(files);
    }

    @Test
    void theRegistryLineAndTheTestItCopiesAreTheSources() throws IOException {
        String s = section();
        Matcher line = Pattern.compile("```java\\n(\\.add\\([^\\n]+\\))\\n```").matcher(s);
        assertThat(line.find()).as("the registry line").isTrue();
        assertThat(Files.readString(DOMAINS.resolve("DialogueDomains.java"))).contains(line.group(1));
        Matcher test = Pattern.compile("```java\\n(class MeetingSchedulingConformanceTest[^`]+)```").matcher(s);
        assertThat(test.find()).as("the conformance test").isTrue();
        assertThat(Files.readString(ROOT.resolve("domains/src/test/java/dev/parley/domain/scheduling/"
                + "MeetingSchedulingConformanceTest.java"))).contains(test.group(1).strip());
    }

    @Test
    void theMavenRunNamesTestsThatExist() throws IOException {
        List<String> names = all(Pattern.compile("-Dtest='([^']+)'"), section());
        assertThat(names).hasSize(1);
        for (String name : names.get(0).split(",")) {
            try (var files = Files.walk(ROOT.resolve("domains/src/test/java"))) {
                assertThat(files.map(f -> f.getFileName().toString())).as(name).contains(name + ".java");
            }
        }
    }

    @Test
    void itsCommandsAreRunByTheDocumentationTest() throws IOException {
        ReadmeCommands r = ReadmeCommands.parse(section());
        assertThat(r.problems()).isEmpty();
        assertThat(r.commands()).filteredOn(ReadmeCommands.Command::runs).extracting(c -> c.args().get(0))
                .contains("protocol", "domains", "experiment");
    }
}
