package dev.parley.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No library message names a command-line flag: library code names a setting by its field
 * ({@code Setting.named("maxNodes")}), and the command line shows it as {@code --max-nodes} in one place. A string
 * literal in main code outside the command line that holds {@code --word} fails here, with its file and line.
 */
class LibraryMessagesTest {

    /** A string literal's text holding a long option: {@code "... raise --timeout ..."}. */
    private static final Pattern FLAG_IN_LITERAL = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*?--[a-z][a-z-]+");

    @Test
    void noLibraryStringNamesACommandLineFlag() throws IOException {
        Path root = Path.of("../..").toAbsolutePath().normalize();
        assertThat(root.resolve("core/game/src/main/java")).as("run from the experiments/app module").isDirectory();
        List<String> found = new ArrayList<>();
        for (Path sources : List.of(root.resolve("core"), root.resolve("domains"), root.resolve("solvers"),
                root.resolve("experiments"))) {
            try (Stream<Path> files = Files.walk(sources)) {
                for (Path f : files.filter(LibraryMessagesTest::isLibrarySource).toList()) {
                    List<String> lines = Files.readAllLines(f);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = FLAG_IN_LITERAL.matcher(lines.get(i));
                        if (m.find() && !lines.get(i).strip().startsWith("*") && !lines.get(i).strip().startsWith("//")) {
                            found.add(root.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).strip());
                        }
                    }
                }
            }
        }
        assertThat(found).as("library strings naming a flag (use dev.parley.error.Setting.named(field))").isEmpty();
    }

    private static boolean isLibrarySource(Path f) {
        String p = f.toString().replace('\\', '/');
        return p.endsWith(".java") && p.contains("/src/main/java/") && !p.contains("/target/")
                && !p.contains("/dev/parley/cli/");
    }
}
