package dev.parley.llm.cache;

import java.nio.file.Path;

/**
 * A store for the call cache, found through {@link java.util.ServiceLoader} (a provider module lists its class in
 * {@code META-INF/services/dev.parley.llm.cache.CallCacheProvider}). {@link CallCache#open} asks each provider in
 * turn, so core never names one.
 */
public interface CallCacheProvider {

    /** Whether this provider opens caches at locations like this one (typically by its URL scheme). */
    boolean accepts(String location);

    /** Opens (creating if needed) the cache at an accepted location. */
    CallCache open(String location);

    /** Whether this provider keeps caches in plain local files ({@link #openFile}). */
    default boolean opensFiles() {
        return false;
    }

    /** Opens (creating if needed) a cache file whose directory exists. */
    default CallCache openFile(Path file) {
        throw new UnsupportedOperationException(describe() + " keeps no cache files");
    }

    /** What it opens, for error messages ("jdbc: URLs and SQLite files"). */
    String describe();
}
