package dev.parley.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.engine.PerformedMove;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where served dialogues live: SQLite by default (one file, WAL journal, busy timeout, {@code synchronous=FULL} so a
 * commit survives a power cut as well as a killed process), or any JDBC database with portable SQL (PostgreSQL; H2
 * in the tests).
 *
 * <p>Each accepted move is written in one transaction with the dialogue's whole saved engine state, guarded by the
 * move count the server last saw, so after a crash the database holds either both or neither, and the move rows
 * can never disagree with the state they belong to. Moves of different dialogues that arrive together share a
 * transaction (group commit: one disk sync for all of them).
 *
 * <p>Thread-safe. SQLite has one writer at a time, so it gets one connection; other databases get a small pool.
 * One server process owns a database: two servers on the same file would each keep their own in-memory copy.
 */
public final class DialogueStore implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DialogueStore.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BUSY_TIMEOUT_MS = 30_000;
    private static final long BORROW_TIMEOUT_S = 60;

    private final String url;
    private final String kind;
    private final BlockingQueue<Connection> pool;
    private final int size;
    private final LinkedBlockingQueue<PendingMove> pending = new LinkedBlockingQueue<>();
    private final Thread writer;
    private volatile boolean closed;
    private static final int MAX_BATCH = 256;

    /** A dialogue as the database holds it. */
    public record StoredDialogue(String id, String protocol, long createdAtMillis, int moveCount, String state,
                                 List<Seat> seats, List<StoredMove> moves) {
    }

    /** One row of the move log. */
    public record StoredMove(int seq, String speaker, String moveId, String target, Map<String, String> reply,
                             String text) {
    }

    /** A protocol added through {@code PUT /protocol}. */
    public record StoredProtocol(String name, String dgdl) {
    }

    private DialogueStore(String url, int poolSize) throws SQLException {
        this.url = url;
        this.kind = kindOf(url);
        this.size = kind.equals("sqlite") ? 1 : Math.max(1, poolSize);
        this.pool = new ArrayBlockingQueue<>(size);
        for (int i = 0; i < size; i++) {
            pool.add(connect());
        }
        migrate();
        this.writer = new Thread(this::writeLoop, "parley-db-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Opens the store at a JDBC URL, or at a SQLite file when {@code location} does not start with {@code jdbc:}
     * (its directory is created).
     */
    public static DialogueStore open(String location, int poolSize) {
        String url = location;
        if (!location.startsWith("jdbc:")) {
            Path file = Path.of(location).toAbsolutePath();
            try {
                if (file.getParent() != null) {
                    Files.createDirectories(file.getParent());
                }
            } catch (java.io.IOException e) {
                throw new StoreException("cannot create the directory of " + file + ": " + e.getMessage(), e);
            }
            url = "jdbc:sqlite:" + file;
        }
        try {
            return new DialogueStore(url, poolSize);
        } catch (SQLException e) {
            throw new StoreException("cannot open the dialogue database " + url + ": " + e.getMessage(), e);
        }
    }

    private static String kindOf(String url) {
        String rest = url.substring("jdbc:".length());
        int colon = rest.indexOf(':');
        return colon < 0 ? rest : rest.substring(0, colon);
    }

    /** The JDBC URL. */
    public String url() {
        return url;
    }

    /** The database product as named in the URL: {@code sqlite}, {@code postgresql}, {@code h2} ... */
    public String kind() {
        return kind;
    }

    private Connection connect() throws SQLException {
        Properties props = new Properties();
        if (kind.equals("sqlite")) {
            props.setProperty("busy_timeout", Integer.toString(BUSY_TIMEOUT_MS));
        }
        Connection c = DriverManager.getConnection(url, props);
        if (kind.equals("sqlite")) {
            try (Statement st = c.createStatement()) {
                st.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT_MS);
                st.execute("PRAGMA journal_mode = WAL");
                // FULL: a commit is on disk before the client hears "accepted"; NORMAL would be safe against kill -9
                // but could lose the last moves on a power cut
                st.execute("PRAGMA synchronous = FULL");
            }
        }
        return c;
    }

    private void migrate() throws SQLException {
        Connection c = borrow();
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS parley_protocol ("
                    + "name VARCHAR(200) PRIMARY KEY, dgdl TEXT NOT NULL, added_at BIGINT NOT NULL)");
            st.execute("CREATE TABLE IF NOT EXISTS parley_dialogue ("
                    + "id VARCHAR(64) PRIMARY KEY, protocol VARCHAR(200) NOT NULL, created_at BIGINT NOT NULL, "
                    + "move_count INTEGER NOT NULL, state_json TEXT NOT NULL)");
            st.execute("CREATE TABLE IF NOT EXISTS parley_seat ("
                    + "dialogue_id VARCHAR(64) NOT NULL, seat_no INTEGER NOT NULL, handle VARCHAR(200) NOT NULL, "
                    + "player VARCHAR(200) NOT NULL, token_hash VARCHAR(64), joined_at BIGINT, "
                    + "PRIMARY KEY (dialogue_id, seat_no))");
            st.execute("CREATE TABLE IF NOT EXISTS parley_move ("
                    + "dialogue_id VARCHAR(64) NOT NULL, seq INTEGER NOT NULL, speaker VARCHAR(200) NOT NULL, "
                    + "move_id VARCHAR(200) NOT NULL, target VARCHAR(200), reply_json TEXT NOT NULL, "
                    + "locution TEXT NOT NULL, created_at BIGINT NOT NULL, PRIMARY KEY (dialogue_id, seq))");
            if (!c.getAutoCommit()) {
                c.commit();
            }
        } finally {
            release(c, false);
        }
    }

    // ------------------------------------------------------------------ writes

    /** Adds an uploaded protocol; false if one of that name is already stored. */
    public boolean addProtocol(String name, String dgdl) {
        return inTransaction("store protocol " + name, c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT 1 FROM parley_protocol WHERE name = ?")) {
                q.setString(1, name);
                try (ResultSet rs = q.executeQuery()) {
                    if (rs.next()) {
                        return false;
                    }
                }
            }
            try (PreparedStatement ins = c.prepareStatement(
                    "INSERT INTO parley_protocol (name, dgdl, added_at) VALUES (?, ?, ?)")) {
                ins.setString(1, name);
                ins.setString(2, dgdl);
                ins.setLong(3, System.currentTimeMillis());
                ins.executeUpdate();
            }
            return true;
        });
    }

    /** Stores a new dialogue with its seats and its initial engine state, in one transaction. */
    public void createDialogue(String id, String protocol, long createdAt, List<Seat> seats, String state) {
        inTransaction("create dialogue " + id, c -> {
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_dialogue "
                    + "(id, protocol, created_at, move_count, state_json) VALUES (?, ?, ?, 0, ?)")) {
                ins.setString(1, id);
                ins.setString(2, protocol);
                ins.setLong(3, createdAt);
                ins.setString(4, state);
                ins.executeUpdate();
            }
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_seat "
                    + "(dialogue_id, seat_no, handle, player, token_hash, joined_at) VALUES (?, ?, ?, ?, NULL, NULL)")) {
                for (int i = 0; i < seats.size(); i++) {
                    ins.setString(1, id);
                    ins.setInt(2, i);
                    ins.setString(3, seats.get(i).handle());
                    ins.setString(4, seats.get(i).player());
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            return null;
        });
    }

    /** Gives a free seat to the holder of a token; false if the seat was taken already. */
    public boolean claimSeat(String dialogueId, int seatNo, String tokenHash, long at) {
        return inTransaction("join dialogue " + dialogueId, c -> {
            try (PreparedStatement up = c.prepareStatement("UPDATE parley_seat SET token_hash = ?, joined_at = ? "
                    + "WHERE dialogue_id = ? AND seat_no = ? AND token_hash IS NULL")) {
                up.setString(1, tokenHash);
                up.setLong(2, at);
                up.setString(3, dialogueId);
                up.setInt(4, seatNo);
                return up.executeUpdate() == 1;
            }
        });
    }

    /**
     * Records an accepted move and the dialogue's state after it, atomically, and returns once they are committed.
     * The update is guarded by the previous move count and the move row's key is (dialogue, index): a move can be
     * stored once and only in order.
     *
     * <p>Group commit: one writer thread takes every move waiting at that moment (from different dialogues: a
     * dialogue's lock is held until its move is stored, so it has at most one waiting) and commits them in one
     * transaction, so one disk sync serves many moves. If that transaction fails, each move is retried in a
     * transaction of its own, so one bad write fails only its own move.
     */
    public void recordMove(String dialogueId, PerformedMove move, String state) {
        PendingMove p = new PendingMove(dialogueId, move, state, new CompletableFuture<>());
        synchronized (pending) {
            if (closed) {
                throw new StoreException("the dialogue database is closed");
            }
            pending.add(p);
        }
        try {
            // join, not get: an interrupt must not make the caller believe a move failed that is then committed
            p.done().join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof StoreException se ? new StoreException(se.getMessage(), se)
                    : new StoreException("cannot record move " + move.index() + " of dialogue " + dialogueId, cause);
        }
    }

    private record PendingMove(String dialogueId, PerformedMove move, String state, CompletableFuture<Void> done) {
    }

    private void writeLoop() {
        List<PendingMove> batch = new ArrayList<>();
        while (true) {
            PendingMove first;
            try {
                first = pending.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                first = pending.poll();
            }
            if (first == null) {
                if (closed && pending.isEmpty()) {
                    return;
                }
                continue;
            }
            batch.add(first);
            pending.drainTo(batch, MAX_BATCH - 1);
            try {
                inTransaction("record " + batch.size() + " moves", c -> {
                    for (PendingMove p : batch) {
                        writeMove(c, p);
                    }
                    return null;
                });
                batch.forEach(p -> p.done().complete(null));
            } catch (RuntimeException batchFailure) {
                for (PendingMove p : batch) {
                    try {
                        inTransaction("record move " + p.move().index() + " of dialogue " + p.dialogueId(), c -> {
                            writeMove(c, p);
                            return null;
                        });
                        p.done().complete(null);
                    } catch (RuntimeException e) {
                        p.done().completeExceptionally(e);
                    }
                }
            }
            batch.clear();
        }
    }

    private static void writeMove(Connection c, PendingMove p) throws SQLException {
        PerformedMove move = p.move();
        try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_move (dialogue_id, seq, speaker, "
                + "move_id, target, reply_json, locution, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            ins.setString(1, p.dialogueId());
            ins.setInt(2, move.index());
            ins.setString(3, move.speaker());
            ins.setString(4, move.moveId());
            ins.setString(5, move.target());
            ins.setString(6, json(move.reply()));
            ins.setString(7, move.text());
            ins.setLong(8, System.currentTimeMillis());
            ins.executeUpdate();
        }
        try (PreparedStatement up = c.prepareStatement("UPDATE parley_dialogue SET move_count = ?, "
                + "state_json = ? WHERE id = ? AND move_count = ?")) {
            up.setInt(1, move.index() + 1);
            up.setString(2, p.state());
            up.setString(3, p.dialogueId());
            up.setInt(4, move.index());
            if (up.executeUpdate() != 1) {
                throw new SQLException("dialogue " + p.dialogueId() + " does not stand at move " + move.index());
            }
        }
    }

    // ------------------------------------------------------------------ reads

    public List<StoredProtocol> protocols() {
        return inTransaction("read protocols", c -> {
            List<StoredProtocol> out = new ArrayList<>();
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT name, dgdl FROM parley_protocol ORDER BY added_at, name")) {
                while (rs.next()) {
                    out.add(new StoredProtocol(rs.getString(1), rs.getString(2)));
                }
            }
            return out;
        });
    }

    /** Every stored dialogue with its seats and move log, oldest first. */
    public List<StoredDialogue> dialogues() {
        return inTransaction("read dialogues", c -> {
            Map<String, List<Seat>> seats = new LinkedHashMap<>();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT dialogue_id, handle, player, token_hash, joined_at FROM parley_seat "
                            + "ORDER BY dialogue_id, seat_no")) {
                while (rs.next()) {
                    long at = rs.getLong(5);
                    seats.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(new Seat(rs.getString(2), rs.getString(3), rs.getString(4), rs.wasNull() ? 0 : at));
                }
            }
            Map<String, List<StoredMove>> moves = new LinkedHashMap<>();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT dialogue_id, seq, speaker, move_id, target, reply_json, locution FROM parley_move "
                            + "ORDER BY dialogue_id, seq")) {
                while (rs.next()) {
                    moves.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(new StoredMove(rs.getInt(2),
                            rs.getString(3), rs.getString(4), rs.getString(5), replyOf(rs.getString(6)),
                            rs.getString(7)));
                }
            }
            List<StoredDialogue> out = new ArrayList<>();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT id, protocol, created_at, move_count, state_json FROM parley_dialogue "
                            + "ORDER BY created_at, id")) {
                while (rs.next()) {
                    String id = rs.getString(1);
                    out.add(new StoredDialogue(id, rs.getString(2), rs.getLong(3), rs.getInt(4), rs.getString(5),
                            seats.getOrDefault(id, List.of()), moves.getOrDefault(id, List.of())));
                }
            }
            return out;
        });
    }

    /** True when a connection answers. */
    public boolean healthy() {
        try {
            return inTransaction("health check", c -> {
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1")) {
                    return rs.next();
                }
            });
        } catch (StoreException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ plumbing

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T inTransaction(String what, Work<T> work) {
        Connection c;
        try {
            c = borrow();
        } catch (SQLException e) {
            throw new StoreException("cannot " + what + ": " + e.getMessage(), e);
        }
        boolean broken = false;
        try {
            c.setAutoCommit(false);
            T result = work.run(c);
            c.commit();
            return result;
        } catch (SQLException e) {
            try {
                c.rollback();
            } catch (SQLException r) {
                broken = true;
                e.addSuppressed(r);
            }
            throw new StoreException("cannot " + what + ": " + e.getMessage(), e);
        } finally {
            release(c, broken);
        }
    }

    private Connection borrow() throws SQLException {
        try {
            Connection c = pool.poll(BORROW_TIMEOUT_S, TimeUnit.SECONDS);
            if (c == null) {
                throw new SQLException("no database connection free after " + BORROW_TIMEOUT_S + " s");
            }
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a database connection", e);
        }
    }

    /** Returns a connection to the pool, replacing it with a fresh one when it broke. */
    private void release(Connection c, boolean broken) {
        Connection back = c;
        try {
            if (broken || c.isClosed()) {
                closeQuietly(c);
                back = connect();
            }
        } catch (SQLException e) {
            LOG.warn("cannot reconnect to {}: {}", url, e.getMessage());
        }
        pool.offer(back);
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            LOG.debug("closing a broken connection", e);
        }
    }

    private static String json(Map<String, String> reply) {
        try {
            return JSON.writeValueAsString(reply);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a reply as JSON", e);
        }
    }

    private static Map<String, String> replyOf(String json) throws SQLException {
        try {
            return JSON.readValue(json, JSON.getTypeFactory().constructMapType(LinkedHashMap.class, String.class,
                    String.class));
        } catch (JsonProcessingException e) {
            throw new SQLException("a stored reply is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Stops taking moves, lets the writer store those already waiting, then closes every connection. */
    @Override
    public void close() {
        synchronized (pending) {
            closed = true;
        }
        try {
            writer.join(TimeUnit.SECONDS.toMillis(BORROW_TIMEOUT_S));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Connection> all = new ArrayList<>();
        pool.drainTo(all);
        for (Connection c : all) {
            closeQuietly(c);
        }
    }
}
