package dev.parley.llm.cache.sql;

import dev.parley.llm.cache.CallCache;
import dev.parley.llm.cache.CallCacheProvider;
import java.nio.file.Path;

/** The call caches in SQL databases: any {@code jdbc:} URL whose driver is on the class path, and SQLite files. */
public final class SqlCallCacheProvider implements CallCacheProvider {

    @Override
    public boolean accepts(String location) {
        return location.startsWith("jdbc:");
    }

    @Override
    public CallCache open(String location) {
        return SqlCallCache.open(location);
    }

    @Override
    public boolean opensFiles() {
        return true;
    }

    @Override
    public CallCache openFile(Path file) {
        return SqlCallCache.openFile(file);
    }

    @Override
    public String describe() {
        return "jdbc: URLs and SQLite files (parley-sql)";
    }
}
