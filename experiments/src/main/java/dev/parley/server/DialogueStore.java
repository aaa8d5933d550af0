package dev.parley.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.engine.PerformedMove;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * commit survives a power cut as well as a killed process), or PostgreSQL (any JDBC database with portable SQL; H2
 * in some tests). The tables and their version are {@link StoreSchema}'s.
 *
 * <p>The move log is append-only: an accepted move is one new row, written in one transaction with the dialogue's
 * version ({@code move_count}) moved on by one, guarded by the version the server last saw. A server that lost a
 * race to another server sees {@link Recorded#CONFLICT} and catches up from the log; nothing is written twice and the
 * cost of a move does not depend on how long the dialogue is. Snapshots of the engine state (without history) are
 * written every K moves, apart from the moves, so a dialogue is rebuilt from its latest snapshot plus the log after
 * it. Moves of different dialogues that arrive together share a transaction (group commit: one disk sync for all).
 *
 * <p>Thread-safe. SQLite has one writer at a time, so it gets one connection, and one process owns the file (a lock
 * on {@code FILE.lock}; a second server refuses to start). Other databases get a small pool and may be shared by any
 * number of servers ({@link #shared()}).
 */
public final class DialogueStore implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DialogueStore.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BUSY_TIMEOUT_MS = 30_000;
    private static final long BORROW_TIMEOUT_S = 60;
    private static final int MAX_BATCH = 256;

    private final String url;
    private final String kind;
    private final BlockingQueue<Connection> pool;
    private final LinkedBlockingQueue<PendingMove> pending = new LinkedBlockingQueue<>();
    private final Thread writer;
    private final FileLock fileLock;
    private volatile boolean closed;

    /** How to open a store. */
    public record Options(int poolSize, boolean init) {
        public Options {
            if (poolSize < 1) {
                throw new IllegalArgumentException("pool size must be positive");
            }
        }
    }

    /** A dialogue as the database holds it: the latest snapshot and the whole move log. */
    public record StoredDialogue(String id, String protocol, long createdAtMillis, int moveCount, int snapshotSeq,
                                 String snapshot, List<Seat> seats, List<StoredMove> moves) {
    }

    /**
     * One row of the move log. {@code locution} is the engine's text (the opener filled in), {@code words} what the
     * client sent as its free text (null when it sent none).
     */
    public record StoredMove(int seq, String speaker, String moveId, String target, Map<String, String> reply,
                             String locution, String words, String aifJson, String idempotencyKey) {
    }

    /** A move to append, with the client's free text and idempotency key (each may be null). */
    public record NewMove(String dialogueId, PerformedMove move, String words, String idempotencyKey) {
    }

    /** What became of a move sent to the store. */
    public enum Recorded { STORED, CONFLICT }

    /** A protocol added through {@code PUT /protocol}. */
    public record StoredProtocol(String name, String dgdl) {
    }

    private DialogueStore(String url, Options options, FileLock lock) throws SQLException {
        this.url = url;
        this.kind = kindOf(url);
        this.fileLock = lock;
        int size = kind.equals("sqlite") ? 1 : options.poolSize();
        this.pool = new ArrayBlockingQueue<>(size);
        for (int i = 0; i < size; i++) {
            pool.add(connect());
        }
        prepare(options.init());
        this.writer = new Thread(this::writeLoop, "parley-db-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** Opens an existing store, or a SQLite file that does not exist yet (see {@link #open(String, Options)}). */
    public static DialogueStore open(String location, int poolSize) {
        return open(location, new Options(poolSize, false));
    }

    /**
     * Opens the store at a JDBC URL, or at a SQLite file when {@code location} does not start with {@code jdbc:}.
     * A SQLite file that does not exist is created (with its directory). A database that holds no Parley store
     * (an empty file, another program's database, an empty PostgreSQL database) is refused unless
     * {@code options.init()}; a store of an older version is migrated.
     */
    public static DialogueStore open(String location, Options options) {
        String url = location;
        FileLock lock = null;
        boolean fresh = false;
        if (!location.startsWith("jdbc:")) {
            Path file = Path.of(location).toAbsolutePath();
            try {
                if (file.getParent() != null) {
                    Files.createDirectories(file.getParent());
                }
            } catch (java.io.IOException e) {
                throw new StoreException("cannot create the directory of " + file + ": " + e.getMessage(), e);
            }
            lock = lockFile(file);
            fresh = !Files.exists(file);
            if (!fresh) {
                refuseNonSqlite(file, lock);
            }
            url = "jdbc:sqlite:" + file;
        }
        try {
            return new DialogueStore(url, fresh ? new Options(options.poolSize(), true) : options, lock);
        } catch (SQLException e) {
            release(lock);
            throw new StoreException("cannot open the dialogue database " + url + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            release(lock);
            throw e;
        }
    }

    /** One server per SQLite file: an OS lock on FILE.lock, held until the process ends (even by kill -9). */
    private static FileLock lockFile(Path file) {
        Path lockPath = file.resolveSibling(file.getFileName() + ".lock");
        FileChannel ch = null;
        try {
            ch = FileChannel.open(lockPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock l = ch.tryLock();
            if (l != null) {
                return l;
            }
        } catch (OverlappingFileLockException e) {
            // held by this JVM already
        } catch (java.io.IOException e) {
            throw new StoreException("cannot lock " + lockPath + ": " + e.getMessage(), e);
        }
        try {
            ch.close();
        } catch (java.io.IOException e) {
            LOG.debug("closing the lock file", e);
        }
        throw new StoreException(file + " is in use by another parley serve (lock " + lockPath + "): one server "
                + "per SQLite file; use PostgreSQL (--db jdbc:postgresql://...) for several");
    }

    private static void release(FileLock lock) {
        if (lock == null) {
            return;
        }
        try {
            lock.release();
            lock.channel().close();
        } catch (java.io.IOException e) {
            LOG.debug("releasing the lock file", e);
        }
    }

    private static void refuseNonSqlite(Path file, FileLock lock) {
        try {
            if (Files.size(file) == 0) {
                return; // an empty file: refused below unless --init, like any database without a store
            }
            byte[] head = new byte[16];
            int n;
            try (java.io.InputStream in = Files.newInputStream(file)) {
                n = in.readNBytes(head, 0, 16);
            }
            if (n < 16 || !new String(head, 0, 15, StandardCharsets.US_ASCII).equals("SQLite format 3")) {
                release(lock);
                throw new StoreException(file + " is not a SQLite database; refusing to touch it");
            }
        } catch (java.io.IOException e) {
            release(lock);
            throw new StoreException("cannot read " + file + ": " + e.getMessage(), e);
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

    /**
     * True when other servers may write the same database (anything but SQLite, which one process owns): then the
     * service checks the database's version of a dialogue before it answers.
     */
    public boolean shared() {
        return !kind.equals("sqlite");
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

    private void prepare(boolean init) throws SQLException {
        Connection c = borrow();
        boolean ok = false;
        try {
            c.setAutoCommit(false);
            StoreSchema.Found found = StoreSchema.inspect(c);
            switch (found) {
                case CURRENT -> { }
                case VERSION_1 -> StoreSchema.migrateFrom1(c);
                case NOTHING, FOREIGN -> {
                    if (!init) {
                        throw new SQLException((found == StoreSchema.Found.NOTHING ? "it is empty"
                                : "it holds tables of another program") + " and no Parley dialogue store; pass "
                                + "--init to create one there");
                    }
                    StoreSchema.create(c);
                    LOG.info("created a dialogue store (version {}) in {}", StoreSchema.VERSION, url);
                }
                default -> throw new IllegalStateException(found.name());
            }
            c.commit();
            ok = true;
        } finally {
            if (!ok) {
                try {
                    c.rollback();
                } catch (SQLException e) {
                    LOG.debug("rollback after a failed start", e);
                }
            }
            release(c, !ok);
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

    /**
     * Stores a new dialogue with its seats (free, or taken by the participants it was created with) and its initial
     * snapshot (at move 0), in one transaction.
     */
    public void createDialogue(String id, String protocol, long createdAt, List<Seat> seats, String snapshot) {
        inTransaction("create dialogue " + id, c -> {
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_dialogue "
                    + "(id, protocol, created_at, move_count) VALUES (?, ?, ?, 0)")) {
                ins.setString(1, id);
                ins.setString(2, protocol);
                ins.setLong(3, createdAt);
                ins.executeUpdate();
            }
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_seat "
                    + "(dialogue_id, seat_no, handle, player, token_hash, joined_at) VALUES (?, ?, ?, ?, ?, ?)")) {
                for (int i = 0; i < seats.size(); i++) {
                    Seat seat = seats.get(i);
                    ins.setString(1, id);
                    ins.setInt(2, i);
                    ins.setString(3, seat.handle());
                    ins.setString(4, seat.player());
                    ins.setString(5, seat.tokenHash());
                    if (seat.filled()) {
                        ins.setLong(6, seat.joinedAtMillis());
                    } else {
                        ins.setNull(6, java.sql.Types.BIGINT);
                    }
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            insertSnapshot(c, id, 0, snapshot);
            return null;
        });
    }

    /** Gives a free seat to the holder of a token; false if the seat was taken already (by any server). */
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
     * Appends an accepted move and returns once it is committed: {@link Recorded#STORED}, or
     * {@link Recorded#CONFLICT} (nothing written) when the dialogue's version in the database is no longer the
     * move's index, i.e. another server made a move first. The version update comes before the insert, so on
     * PostgreSQL the row lock it takes serialises competing servers and the loser sees the winner's commit.
     *
     * <p>Group commit: one writer thread takes every move waiting at that moment (from different dialogues: a
     * dialogue's lock is held until its move is stored, so it has at most one waiting) and commits them in one
     * transaction, in dialogue order so that two servers never lock rows in opposite orders. If that transaction
     * fails, each move is retried in a transaction of its own, so one bad write fails only its own move.
     *
     * @throws StoreException when the database cannot store it (the move is then not made)
     */
    public Recorded recordMove(NewMove move) {
        PendingMove p = new PendingMove(move, new CompletableFuture<>());
        synchronized (pending) {
            if (closed) {
                throw new StoreException("the dialogue database is closed");
            }
            pending.add(p);
        }
        try {
            // join, not get: an interrupt must not make the caller believe a move failed that is then committed
            return p.done().join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof StoreException se ? new StoreException(se.getMessage(), se)
                    : new StoreException("cannot record move " + move.move().index() + " of dialogue "
                    + move.dialogueId(), cause);
        }
    }

    private record PendingMove(NewMove move, CompletableFuture<Recorded> done) {
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
            batch.sort(Comparator.comparing(p -> p.move().dialogueId()));
            try {
                List<Recorded> results = inTransaction("record " + batch.size() + " moves", c -> {
                    List<Recorded> out = new ArrayList<>();
                    for (PendingMove p : batch) {
                        out.add(writeMove(c, p.move()));
                    }
                    return out;
                });
                for (int i = 0; i < batch.size(); i++) {
                    batch.get(i).done().complete(results.get(i));
                }
            } catch (RuntimeException batchFailure) {
                for (PendingMove p : batch) {
                    try {
                        p.done().complete(inTransaction("record move " + p.move().move().index() + " of dialogue "
                                + p.move().dialogueId(), c -> writeMove(c, p.move())));
                    } catch (RuntimeException e) {
                        p.done().completeExceptionally(e);
                    }
                }
            }
            batch.clear();
        }
    }

    private static Recorded writeMove(Connection c, NewMove p) throws SQLException {
        PerformedMove move = p.move();
        try (PreparedStatement up = c.prepareStatement(
                "UPDATE parley_dialogue SET move_count = ? WHERE id = ? AND move_count = ?")) {
            up.setInt(1, move.index() + 1);
            up.setString(2, p.dialogueId());
            up.setInt(3, move.index());
            if (up.executeUpdate() != 1) {
                return Recorded.CONFLICT;
            }
        }
        try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_move (dialogue_id, seq, speaker, "
                + "move_id, target, reply_json, locution, created_at, words, aif_json, idem_key) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ins.setString(1, p.dialogueId());
            ins.setInt(2, move.index());
            ins.setString(3, move.speaker());
            ins.setString(4, move.moveId());
            ins.setString(5, move.target());
            ins.setString(6, json(move.reply()));
            ins.setString(7, move.text());
            ins.setLong(8, System.currentTimeMillis());
            ins.setString(9, p.words());
            ins.setString(10, Snapshots.aif(move));
            ins.setString(11, p.idempotencyKey());
            ins.executeUpdate();
        }
        return Recorded.STORED;
    }

    /**
     * Writes a snapshot of a dialogue at {@code seq} moves and drops its older ones. Snapshots are derived data:
     * one that is lost only means a longer replay, so it is written apart from the moves.
     */
    public void saveSnapshot(String dialogueId, int seq, String snapshot) {
        inTransaction("snapshot dialogue " + dialogueId + " at move " + seq, c -> {
            try (PreparedStatement q = c.prepareStatement(
                    "SELECT 1 FROM parley_snapshot WHERE dialogue_id = ? AND seq >= ?")) {
                q.setString(1, dialogueId);
                q.setInt(2, seq);
                try (ResultSet rs = q.executeQuery()) {
                    if (rs.next()) {
                        return null; // another server took it, or a later one
                    }
                }
            }
            insertSnapshot(c, dialogueId, seq, snapshot);
            try (PreparedStatement del = c.prepareStatement(
                    "DELETE FROM parley_snapshot WHERE dialogue_id = ? AND seq < ?")) {
                del.setString(1, dialogueId);
                del.setInt(2, seq);
                del.executeUpdate();
            }
            return null;
        });
    }

    private static void insertSnapshot(Connection c, String id, int seq, String snapshot) throws SQLException {
        try (PreparedStatement ins = c.prepareStatement(
                "INSERT INTO parley_snapshot (dialogue_id, seq, state_json) VALUES (?, ?, ?)")) {
            ins.setString(1, id);
            ins.setInt(2, seq);
            ins.setString(3, snapshot);
            ins.executeUpdate();
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

    /** The ids of every stored dialogue, oldest first. */
    public List<String> dialogueIds() {
        return inTransaction("list dialogues", c -> {
            List<String> out = new ArrayList<>();
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT id FROM parley_dialogue ORDER BY created_at, id")) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }

    /** A dialogue with its seats, its latest snapshot and its whole move log; empty if there is none. */
    public Optional<StoredDialogue> load(String id) {
        return inTransaction("read dialogue " + id, c -> {
            String protocol;
            long created;
            int count;
            try (PreparedStatement q = c.prepareStatement(
                    "SELECT protocol, created_at, move_count FROM parley_dialogue WHERE id = ?")) {
                q.setString(1, id);
                try (ResultSet rs = q.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    protocol = rs.getString(1);
                    created = rs.getLong(2);
                    count = rs.getInt(3);
                }
            }
            int snapSeq = -1;
            String snapshot = null;
            try (PreparedStatement q = c.prepareStatement("SELECT seq, state_json FROM parley_snapshot "
                    + "WHERE dialogue_id = ? AND seq <= ? ORDER BY seq DESC")) {
                q.setString(1, id);
                q.setInt(2, count);
                q.setMaxRows(1);
                try (ResultSet rs = q.executeQuery()) {
                    if (rs.next()) {
                        snapSeq = rs.getInt(1);
                        snapshot = rs.getString(2);
                    }
                }
            }
            return Optional.of(new StoredDialogue(id, protocol, created, count, snapSeq, snapshot, seats(c, id),
                    moves(c, id, 0, count)));
        });
    }

    /** The database's version of a dialogue (its move count), or -1 if it has none. */
    public int moveCount(String id) {
        return inTransaction("read dialogue " + id, c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT move_count FROM parley_dialogue WHERE id = ?")) {
                q.setString(1, id);
                try (ResultSet rs = q.executeQuery()) {
                    return rs.next() ? rs.getInt(1) : -1;
                }
            }
        });
    }

    /** The log from move {@code from} up to (not including) {@code to}. */
    public List<StoredMove> moves(String id, int from, int to) {
        return inTransaction("read moves of " + id, c -> moves(c, id, from, to));
    }

    public List<Seat> seats(String id) {
        return inTransaction("read seats of " + id, c -> seats(c, id));
    }

    /** The index of the move this dialogue stored under an idempotency key, or -1. */
    public int moveWithKey(String dialogueId, String key) {
        return inTransaction("read dialogue " + dialogueId, c -> {
            try (PreparedStatement q = c.prepareStatement(
                    "SELECT seq FROM parley_move WHERE dialogue_id = ? AND idem_key = ?")) {
                q.setString(1, dialogueId);
                q.setString(2, key);
                try (ResultSet rs = q.executeQuery()) {
                    return rs.next() ? rs.getInt(1) : -1;
                }
            }
        });
    }

    private static List<Seat> seats(Connection c, String id) throws SQLException {
        List<Seat> out = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement("SELECT handle, player, token_hash, joined_at FROM parley_seat "
                + "WHERE dialogue_id = ? ORDER BY seat_no")) {
            q.setString(1, id);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    long at = rs.getLong(4);
                    out.add(new Seat(rs.getString(1), rs.getString(2), rs.getString(3), rs.wasNull() ? 0 : at));
                }
            }
        }
        return out;
    }

    private static List<StoredMove> moves(Connection c, String id, int from, int to) throws SQLException {
        List<StoredMove> out = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement("SELECT seq, speaker, move_id, target, reply_json, locution, "
                + "words, aif_json, idem_key FROM parley_move WHERE dialogue_id = ? AND seq >= ? AND seq < ? "
                + "ORDER BY seq")) {
            q.setString(1, id);
            q.setInt(2, from);
            q.setInt(3, to);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    out.add(new StoredMove(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            replyOf(rs.getString(5)), rs.getString(6), rs.getString(7), rs.getString(8),
                            rs.getString(9)));
                }
            }
        }
        return out;
    }

    /** True when a write commits: the health probe (a reader that answers is not enough). */
    public boolean healthy() {
        try {
            inTransaction("probe the database", c -> {
                StoreSchema.probe(c);
                return null;
            });
            return true;
        } catch (StoreException e) {
            LOG.warn("health probe failed: {}", e.getMessage());
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
            // a failed transaction may leave the connection unusable (closed by the server, read-only since a fault
            // that is now cleared, mid-transaction): it is replaced, so the store recovers without a restart
            broken = true;
            try {
                c.rollback();
            } catch (SQLException r) {
                e.addSuppressed(r);
            }
            throw new StoreException("cannot " + what + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            broken = true;
            try {
                c.rollback();
            } catch (SQLException r) {
                e.addSuppressed(r);
            }
            throw e;
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
        release(fileLock);
    }
}
