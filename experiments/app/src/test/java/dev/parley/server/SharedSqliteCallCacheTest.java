package dev.parley.server;

import java.nio.file.Path;

/** The shared call cache on one SQLite file: claims are file locks on {@code <file>.claims}, for one machine. */
class SharedSqliteCallCacheTest extends SharedCallCacheKit {

    @Override
    protected String newDatabase(String name, Path dir) {
        return "jdbc:sqlite:" + dir.resolve(name + ".sqlite").toAbsolutePath();
    }
}
