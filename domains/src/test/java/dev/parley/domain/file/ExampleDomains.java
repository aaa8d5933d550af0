package dev.parley.domain.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The example domain files of the repository ({@code examples/domains/}, its subdirectories too). */
final class ExampleDomains {

    static final Path DIR = Path.of("..", "examples", "domains");

    private ExampleDomains() {
    }

    static Path file(String name) {
        return DIR.resolve(name);
    }

    static List<Path> all() {
        try (Stream<Path> files = Files.walk(DIR)) {
            return files.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".json")).sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
