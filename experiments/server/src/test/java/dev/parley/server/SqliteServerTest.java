package dev.parley.server;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The common fixture of the API tests: a fresh {@link TestServer} over SQLite in its own temporary directory for
 * each test, closed after it. A subclass's own {@code @BeforeEach} runs after this one, with the server up.
 */
abstract class SqliteServerTest {

    @TempDir
    Path dir;
    TestServer ts;
    Loopback http;

    @BeforeEach
    void startServer() {
        ts = TestServer.sqlite(dir);
        http = ts.http;
    }

    @AfterEach
    void stopServer() {
        ts.close();
    }
}
