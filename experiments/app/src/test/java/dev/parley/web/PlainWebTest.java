package dev.parley.web;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The common fixture of the web tests that need no report and no model: one {@link WebFixture} for the whole class,
 * in its own temporary directory, closed after the last test.
 */
abstract class PlainWebTest {

    @TempDir
    static Path dir;
    static WebFixture web;

    @BeforeAll
    static void startWeb() {
        web = new WebFixture(dir, List.of());
    }

    @AfterAll
    static void stopWeb() {
        web.close();
    }
}
