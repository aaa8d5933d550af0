package dev.parley.llm.cache.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.error.ParleyException;
import dev.parley.io.InputFiles;
import dev.parley.llm.cache.CacheException;
import dev.parley.llm.cache.CacheStats;
import dev.parley.llm.cache.CachedAnswer;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.cache.CallSignature;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link CallCache} in a JDBC database: answers stored by {@link CallSignature#key()}. SQLite is the
 * default (one file, WAL journal so readers never block the writer, a busy timeout so several processes can write
 * one file, every write a transaction so a crash mid-write loses that write and nothing else); any other JDBC URL
 * works if its driver is on the class path.
 *
 * <p>Thread-safe: one connection per instance, used under a lock (a hit is one indexed read, far cheaper than any
 * model call it replaces). Separate processes coordinate through the database's own locking.
 *
 * <p>On PostgreSQL ({@code jdbc:postgresql:...}) the cache can also be claimed per key ({@link #tryClaim}), so that
 * processes on any number of machines sharing one database pay for each distinct call once in total: the claim is a
 * session-level advisory lock, held by this instance's connection, so a process that crashes or loses its
 * connection releases its claims with it and never blocks the others for longer than the server takes to notice.
 * On a SQLite file the claims are operating-system locks on a side file, {@code <file>.claims} ({@link FileClaims}):
 * the same guarantee for processes on one machine.
 */
public final class SqlCallCache implements CallCache {

    private static final Logger LOG = LoggerFactory.getLogger(SqlCallCache.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BUSY_TIMEOUT_MS = 30_000;

    private final String url;
    private final boolean sqlite;
    private final boolean postgres;
    private final Connection connection;
    private final ReentrantLock lock = new ReentrantLock();
    private final PreparedStatement select;
    private final PreparedStatement insert;
    private final PreparedStatement claim;
    private final PreparedStatement unclaim;
    /** SQLite cache files: claims between processes on this machine, by file locks; null elsewhere. */
    private final FileClaims fileClaims;

    private SqlCallCache(String url) throws SQLException {
        this.url = url;
        this.sqlite = url.startsWith("jdbc:sqlite:");
        this.postgres = url.startsWith("jdbc:postgresql:");
        Properties props = new Properties();
        if (sqlite) {
            // IMMEDIATE: a write transaction takes the write lock up front, so two writers queue on the busy timeout
            // instead of failing on a lock upgrade
            props.setProperty("transaction_mode", "IMMEDIATE");
            props.setProperty("busy_timeout", Integer.toString(BUSY_TIMEOUT_MS));
        }
        this.connection = DriverManager.getConnection(url, props);
        try (Statement st = connection.createStatement()) {
            if (sqlite) {
                st.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
                st.execute("PRAGMA journal_mode = WAL");
                // with WAL, NORMAL never corrupts the file on a crash; it may lose the last commits on power loss
                st.execute("PRAGMA synchronous = NORMAL");
            }
            if (postgres) {
                // two processes creating the table at once can collide on PostgreSQL's catalogue even with IF NOT
                // EXISTS: a lock (released with the session if we die) serialises the first creation
                st.execute("SELECT pg_advisory_lock(" + SCHEMA_LOCK + ")");
            }
            st.execute("CREATE TABLE IF NOT EXISTS llm_call ("
                    + "call_key VARCHAR(64) PRIMARY KEY, "
                    + "provider VARCHAR(200) NOT NULL, "
                    + "model VARCHAR(200) NOT NULL, "
                    + "request TEXT NOT NULL, "
                    + "answer TEXT NOT NULL, "
                    + "input_tokens INTEGER NOT NULL, "
                    + "output_tokens INTEGER NOT NULL, "
                    + "latency_us BIGINT NOT NULL, "
                    + "created_at VARCHAR(40) NOT NULL)");
            if (postgres) {
                st.execute("SELECT pg_advisory_unlock(" + SCHEMA_LOCK + ")");
            }
        }
        this.select = connection.prepareStatement(
                "SELECT answer, input_tokens, output_tokens, latency_us FROM llm_call WHERE call_key = ?");
        this.insert = connection.prepareStatement((sqlite ? "INSERT OR IGNORE" : "INSERT")
                + " INTO llm_call (call_key, provider, model, request, answer, input_tokens, output_tokens,"
                + " latency_us, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                + (postgres ? " ON CONFLICT (call_key) DO NOTHING" : ""));
        this.claim = postgres ? connection.prepareStatement("SELECT pg_try_advisory_lock(?)") : null;
        this.unclaim = postgres ? connection.prepareStatement("SELECT pg_advisory_unlock(?)") : null;
        this.fileClaims = sqlite ? fileClaims(url) : null;
    }

    /** The advisory-lock id that serialises creating the table (any fixed bigint; "parley" in ASCII). */
    private static final long SCHEMA_LOCK = 0x7061726c6579L;

    /**
     * The claims beside a SQLite cache file ({@code <file>.claims}), or null for an in-memory database (one process
     * only, nobody to coordinate with).
     */
    private static FileClaims fileClaims(String url) throws SQLException {
        String rest = url.substring("jdbc:sqlite:".length());
        if (rest.startsWith("file:")) {
            rest = rest.substring("file:".length());
        }
        int query = rest.indexOf('?');
        String params = query < 0 ? "" : rest.substring(query);
        rest = query < 0 ? rest : rest.substring(0, query);
        if (rest.isEmpty() || rest.equals(":memory:") || params.contains("mode=memory")) {
            return null;
        }
        try {
            return new FileClaims(Path.of(rest + ".claims").toAbsolutePath());
        } catch (java.nio.file.InvalidPathException e) {
            throw new SQLException("cannot place a claims file beside the cache " + rest + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether this cache coordinates separate processes per key ({@link #tryClaim}): true on PostgreSQL (advisory
     * locks, processes on any machines) and on a SQLite file (operating-system file locks, processes on one
     * machine). An in-memory cache has only its own process.
     */
    @Override
    public boolean claimsAcrossProcesses() {
        return postgres || fileClaims != null;
    }

    /**
     * Tries to claim a key for this process: the claimant calls the model, stores the answer, then
     * {@link #release}s; everyone else polls {@link #get} until the answer is there or the claim is free. Returns
     * true where claims are not supported (there is nobody to coordinate with).
     *
     * <p>Why this pays once: the claimant stores (and commits) before it releases, and whoever claims next reads
     * the cache after claiming, so it sees that answer. A second payment happens only when a claimant died or
     * failed before storing, and then it is the right thing to do.
     */
    @Override
    public boolean tryClaim(String key) {
        if (fileClaims != null) {
            try {
                return fileClaims.tryClaim(lockId(key));
            } catch (IOException e) {
                throw new CacheException("cannot claim a call in " + fileClaims.file() + ": " + e.getMessage(), e);
            }
        }
        if (!postgres) {
            return true;
        }
        return locked("claim a call in the cache", () -> {
            claim.setLong(1, lockId(key));
            try (ResultSet rs = claim.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        });
    }

    /** Releases a claim taken by {@link #tryClaim} (a no-op where claims are not supported). */
    @Override
    public void release(String key) {
        if (fileClaims != null) {
            try {
                fileClaims.release(lockId(key));
            } catch (IOException e) {
                // the claim goes with the process at the latest; waiters then re-read and find the stored answer
                LOG.warn("cannot release a claim in {}: {}", fileClaims.file(), e.getMessage());
            }
            return;
        }
        if (!postgres) {
            return;
        }
        lock.lock();
        try {
            unclaim.setLong(1, lockId(key));
            try (ResultSet rs = unclaim.executeQuery()) {
                rs.next();
            }
        } catch (SQLException e) {
            // the claim goes with the session at the latest; waiters then re-read and find the stored answer
            LOG.warn("cannot release a claim in the call cache {}: {}", url, e.getMessage());
        } finally {
            lock.unlock();
        }
    }

    /**
     * The advisory-lock id of a key: its first 64 bits. Two keys sharing them (about 1 in 2^64) only make one
     * wait for the other; they never share an answer, which is looked up by the full key.
     */
    static long lockId(String key) {
        return Long.parseUnsignedLong(key.substring(0, 16), 16);
    }

    /** Opens (creating if needed) the cache at a JDBC URL whose driver is on the class path. */
    public static SqlCallCache open(String jdbcUrl) {
        try {
            return new SqlCallCache(jdbcUrl);
        } catch (SQLException e) {
            throw new CacheException("cannot open the call cache at " + jdbcUrl + ": " + e.getMessage(), e);
        }
    }

    /** Opens (creating if needed) a SQLite cache file whose directory exists. */
    public static SqlCallCache openFile(Path file) {
        return open("jdbc:sqlite:" + file.toAbsolutePath());
    }

    @Override
    public String location() {
        return url;
    }

    @Override
    public Optional<CachedAnswer> get(String key) {
        return locked("read the call cache", () -> {
            select.setString(1, key);
            try (ResultSet rs = select.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new CachedAnswer(rs.getString(1), rs.getInt(2), rs.getInt(3), rs.getLong(4)));
            }
        });
    }

    /**
     * Stores an answer; returns false if the call was already stored (the first answer stays: whoever paid first
     * wins, and every later reader sees the same text).
     */
    @Override
    public boolean put(CallSignature call, CachedAnswer answer) {
        return locked("write the call cache", () -> insertRow(call.key(), call.provider(), call.model(),
                call.canonicalJson(), answer, Instant.now().toString()));
    }

    /** One step on the database, which may fail with an {@link SQLException}. */
    private interface SqlStep<T> {
        T run() throws SQLException;
    }

    /**
     * Runs a step under the lock (one connection, shared by every thread); an SQL failure becomes a
     * {@link CacheException} saying what could not be done ("read the call cache") and where.
     */
    private <T> T locked(String what, SqlStep<T> step) {
        lock.lock();
        try {
            return step.run();
        } catch (SQLException e) {
            throw new CacheException("cannot " + what + " " + url + ": " + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    private boolean insertRow(String key, String provider, String model, String request, CachedAnswer a,
            String createdAt) throws SQLException {
        insert.setString(1, key);
        insert.setString(2, provider);
        insert.setString(3, model);
        insert.setString(4, request);
        insert.setString(5, a.text());
        insert.setInt(6, a.inputTokens());
        insert.setInt(7, a.outputTokens());
        insert.setLong(8, a.latencyMicros());
        insert.setString(9, createdAt);
        try {
            return insert.executeUpdate() == 1;
        } catch (SQLException e) {
            if (!sqlite && e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return false; // integrity constraint: another writer stored this key first
            }
            throw e;
        }
    }

    @Override
    public CacheStats stats() {
        return locked("read the call cache", this::readStats);
    }

    private CacheStats readStats() throws SQLException {
        try (Statement st = connection.createStatement()) {
            long entries;
            long in;
            long out;
            long latency;
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*), COALESCE(SUM(input_tokens), 0),"
                    + " COALESCE(SUM(output_tokens), 0), COALESCE(SUM(latency_us), 0) FROM llm_call")) {
                rs.next();
                entries = rs.getLong(1);
                in = rs.getLong(2);
                out = rs.getLong(3);
                latency = rs.getLong(4);
            }
            List<CacheStats.ModelCount> byModel = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT provider, model, COUNT(*) FROM llm_call"
                    + " GROUP BY provider, model ORDER BY provider, model")) {
                while (rs.next()) {
                    byModel.add(new CacheStats.ModelCount(rs.getString(1), rs.getString(2), rs.getLong(3)));
                }
            }
            return new CacheStats(url, entries, in, out, latency, List.copyOf(byModel));
        }
    }

    /** Writes every entry as one JSON object per line (JSON Lines), ordered by key; returns the count. */
    @Override
    public long exportTo(Writer out) {
        return locked("read the call cache", () -> writeExport(out));
    }

    private long writeExport(Writer out) throws SQLException {
        long n = 0;
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT call_key, provider, model, request, answer, input_tokens,"
                        + " output_tokens, latency_us, created_at FROM llm_call ORDER BY call_key")) {
            while (rs.next()) {
                ObjectNode o = JSON.createObjectNode();
                o.put("key", rs.getString(1));
                o.put("provider", rs.getString(2));
                o.put("model", rs.getString(3));
                o.put("request", rs.getString(4));
                o.put("answer", rs.getString(5));
                o.put("input_tokens", rs.getInt(6));
                o.put("output_tokens", rs.getInt(7));
                o.put("latency_us", rs.getLong(8));
                o.put("created_at", rs.getString(9));
                out.write(JSON.writeValueAsString(o));
                out.write('\n');
                n++;
            }
            out.flush();
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the export", e);
        }
    }

    /**
     * Imports a JSON Lines export in one transaction: either every line is stored or, on any bad line, none is.
     * Each entry's key must be the SHA-256 of its request, so a hand-edited request cannot poison the cache.
     *
     * @param source names the input in error messages
     */
    @Override
    public ImportResult importFrom(BufferedReader in, String source) {
        return locked("write the call cache", () -> {
            connection.setAutoCommit(false);
            long read = 0;
            long added = 0;
            try {
                String line;
                int lineNo = 0;
                while ((line = in.readLine()) != null) {
                    lineNo++;
                    if (line.isBlank()) {
                        continue;
                    }
                    read++;
                    Entry e = parseEntry(line, source, lineNo);
                    if (insertRow(e.key, e.provider, e.model, e.request, e.answer, e.createdAt)) {
                        added++;
                    }
                }
                connection.commit();
                return new ImportResult(read, added);
            } catch (RuntimeException | SQLException | IOException e) {
                connection.rollback();
                if (e instanceof ParleyException said) {
                    throw said; // a bad line, or a byte that is not UTF-8: already placed in the file
                }
                if (e instanceof IOException io) {
                    throw new CacheException(source + ": import failed, nothing imported: " + InputFiles.reason(io),
                            e);
                }
                throw new CacheException(source + ": import failed, nothing imported: " + e.getMessage(), e);
            } finally {
                connection.setAutoCommit(true);
            }
        });
    }

    private record Entry(String key, String provider, String model, String request, CachedAnswer answer,
            String createdAt) {
    }

    private static Entry parseEntry(String line, String source, int lineNo) {
        JsonNode o;
        try {
            o = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new CacheException(dev.parley.json.JsonErrors.inFile(source, lineNo - 1, e)
                    + "; nothing imported");
        }
        for (String f : List.of("key", "provider", "model", "request", "answer")) {
            if (!o.path(f).isTextual()) {
                throw new CacheException(source + ":" + lineNo + ": missing string field \"" + f
                        + "\"; nothing imported");
            }
        }
        String request = o.get("request").asText();
        String key = o.get("key").asText();
        if (!CallSignature.sha256(request).equals(key)) {
            throw new CacheException(source + ":" + lineNo + ": key " + key
                    + " is not the SHA-256 of its request; nothing imported");
        }
        return new Entry(key, o.get("provider").asText(), o.get("model").asText(), request,
                new CachedAnswer(o.get("answer").asText(), o.path("input_tokens").asInt(0),
                        o.path("output_tokens").asInt(0), o.path("latency_us").asLong(0)),
                o.path("created_at").asText(Instant.now().toString()));
    }

    @Override
    public void close() {
        lock.lock();
        try {
            select.close();
            insert.close();
            if (claim != null) {
                claim.close();
                unclaim.close();
            }
            if (fileClaims != null) {
                fileClaims.close();
            }
            connection.close();
        } catch (SQLException | IOException e) {
            LOG.warn("closing the call cache {} failed: {}", url, e.getMessage());
        } finally {
            lock.unlock();
        }
    }
}
