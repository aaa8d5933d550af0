package dev.parley.gambit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads the hand-written files under {@code src/test/resources/gambit/}. */
final class GambitTestFiles {

    private GambitTestFiles() {
    }

    static String text(String name) {
        try (InputStream in = GambitTestFiles.class.getResourceAsStream("/gambit/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource gambit/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
