package dev.parley.dgdl;

import java.nio.file.Files;
import java.nio.file.Path;

/** The public DGDL fixtures, read from ../shared/fixtures/dgdl (never copied into the project). */
public final class Fixtures {

    private Fixtures() {
    }

    public static Path shared() {
        String prop = System.getProperty("parley.shared");
        Path p = prop != null ? Path.of(prop) : Path.of("../../shared");
        if (!Files.isDirectory(p)) {
            p = Path.of("../../shared");
        }
        return p.toAbsolutePath().normalize();
    }

    public static Path dgdl(String name) {
        Path p = shared().resolve("fixtures/dgdl").resolve(name);
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException("missing public fixture " + p);
        }
        return p;
    }
}
