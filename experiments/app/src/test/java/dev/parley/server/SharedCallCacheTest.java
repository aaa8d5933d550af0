package dev.parley.server;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/** The shared call cache on a real PostgreSQL: claims are advisory locks, for processes on any machines. */
@Tag("postgres")
class SharedCallCacheTest extends SharedCallCacheKit {

    private static EmbeddedPg pg;

    @BeforeAll
    static void startPostgres() {
        pg = EmbeddedPg.start();
    }

    @AfterAll
    static void stopPostgres() {
        pg.close();
    }

    @Override
    protected String newDatabase(String name, Path dir) {
        return pg.newDatabase(name);
    }
}
