package dev.parley.llm.cache;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The language-model call cache: answers stored by {@link CallSignature#key()}, so that the same prompt is never
 * paid for twice. This is the port; the stores are provider modules found on the class path through
 * {@link CallCacheProvider} (a SQLite file or a PostgreSQL database, in {@code parley-sql}), so that {@code core}
 * carries no JDBC driver.
 *
 * <p>Implementations are thread-safe. Where they can, they also coordinate separate processes per key
 * ({@link #tryClaim}), so processes sharing one store pay for each distinct call once in total.
 */
public interface CallCache extends AutoCloseable {

    /** Where the answers live, as the provider names it (e.g. a JDBC URL). */
    String location();

    /** The stored answer for a call, if any. */
    default Optional<CachedAnswer> get(CallSignature call) {
        return get(call.key());
    }

    Optional<CachedAnswer> get(String key);

    /**
     * Stores an answer; returns false if the call was already stored (the first answer stays: whoever paid first
     * wins, and every later reader sees the same text).
     */
    boolean put(CallSignature call, CachedAnswer answer);

    /**
     * Whether this cache coordinates separate processes per key ({@link #tryClaim}). A cache only one process can
     * see has nobody to coordinate with.
     */
    boolean claimsAcrossProcesses();

    /**
     * Tries to claim a key for this process: the claimant calls the model, stores the answer, then
     * {@link #release}s; everyone else polls {@link #get} until the answer is there or the claim is free. Returns
     * true where claims are not supported (there is nobody to coordinate with).
     *
     * <p>Why this pays once: the claimant stores (and commits) before it releases, and whoever claims next reads
     * the cache after claiming, so it sees that answer. A second payment happens only when a claimant died or
     * failed before storing, and then it is the right thing to do.
     */
    boolean tryClaim(String key);

    /** Releases a claim taken by {@link #tryClaim} (a no-op where claims are not supported). */
    void release(String key);

    CacheStats stats();

    /** Writes every entry as one JSON object per line (JSON Lines), ordered by key; returns the count. */
    long exportTo(Writer out);

    /**
     * Imports a JSON Lines export atomically: either every line is stored or, on any bad line, none is. Each
     * entry's key must be the SHA-256 of its request, so a hand-edited request cannot poison the cache.
     *
     * @param source names the input in error messages
     */
    ImportResult importFrom(BufferedReader in, String source);

    @Override
    void close();

    /** The result of an import: lines read, entries added (the rest were already present). */
    record ImportResult(long read, long added) {
    }

    /**
     * Opens (creating if needed) the cache at a location such as a JDBC URL, through the first provider on the
     * class path that accepts it.
     */
    static CallCache open(String location) {
        List<String> known = new ArrayList<>();
        for (CallCacheProvider p : ServiceLoader.load(CallCacheProvider.class, CallCache.class.getClassLoader())) {
            if (p.accepts(location)) {
                return p.open(location);
            }
            known.add(p.describe());
        }
        throw new CacheException("cannot open the call cache at " + location + ": no call-cache provider on the"
                + " class path accepts it" + (known.isEmpty() ? " (there is none)" : "; known: "
                + String.join(", ", known)));
    }

    /**
     * Opens (creating if needed, with its parent directories) a cache kept in one local file, through the first
     * provider that {@linkplain CallCacheProvider#opensFiles() keeps files}.
     */
    static CallCache openFile(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new CacheException("cannot create the directory of the call cache " + file + ": " + e.getMessage(),
                    e);
        }
        for (CallCacheProvider p : ServiceLoader.load(CallCacheProvider.class, CallCache.class.getClassLoader())) {
            if (p.opensFiles()) {
                return p.openFile(file.toAbsolutePath());
            }
        }
        throw new CacheException("cannot open the call cache " + file + ": no call-cache provider on the class path"
                + " keeps caches in files");
    }

    /**
     * The default cache file: {@code $XDG_CACHE_HOME/parley/llm-calls.sqlite}, or
     * {@code ~/.cache/parley/llm-calls.sqlite} when XDG_CACHE_HOME is unset or not absolute.
     */
    static Path defaultFile(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("parley").resolve("llm-calls.sqlite");
    }
}
