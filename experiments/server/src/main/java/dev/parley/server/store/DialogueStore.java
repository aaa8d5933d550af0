package dev.parley.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where served dialogues live: SQLite by default (one file, WAL journal, busy timeout, {@code synchronous=FULL} so a
 * commit survives a power cut as well as a killed process), or PostgreSQL (any JDBC database with portable SQL; H2
 * in some tests). The tables and their version are {@link StoreSchema}'s, the connections and the file lock
 * {@link Connections}', the append-only move log {@link MoveLog}'s; this is what the service reads and writes.
 *
 * <p>Snapshots of the engine state (without history) are written every K moves, apart from the moves, so a dialogue
 * is rebuilt from its latest snapshot plus the log after it; the store keeps them as text and knows nothing of the
 * engine.
 *
 * <p>Thread-safe. SQLite has one writer at a time, so it gets one connection, and one process owns the file (a
 * second server refuses to start). Other databases get a small pool and may be shared by any number of servers
 * ({@link #shared()}).
 */
public final class DialogueStore implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DialogueStore.class);
    /** The store version this program writes. */
    public static final int SCHEMA_VERSION = StoreSchema.VERSION;

    private final Connections db;
    private final MoveLog log;

    /** How to open a store. */
    public record Options(int poolSize, boolean init) {
        public Options {
            if (poolSize < 1) {
                throw new IllegalArgumentException("pool size must be positive");
            }
        }
    }

    private DialogueStore(Connections db, boolean init) {
        this.db = db;
        try {
            db.inTransactionRaw(c -> {
                StoreSchema.prepare(c, init, db.url());
                return null;
            });
        } catch (SQLException e) {
            db.close();
            throw new StoreException("cannot open the dialogue database " + db.url() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        this.log = new MoveLog(db);
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
        Connections.Opened o = Connections.open(location, options.poolSize());
        return new DialogueStore(o.connections(), options.init() || o.fresh());
    }

    /** The JDBC URL. */
    public String url() {
        return db.url();
    }

    /** The database product as named in the URL: {@code sqlite}, {@code postgresql}, {@code h2} ... */
    public String kind() {
        return db.kind();
    }

    /**
     * True when other servers may write the same database (anything but SQLite, which one process owns): then the
     * service checks the database's version of a dialogue before it answers.
     */
    public boolean shared() {
        return db.shared();
    }

    // ------------------------------------------------------------------ writes

    /** Adds an uploaded protocol; false if one of that name is already stored. */
    public boolean addProtocol(String name, String dgdl) {
        return db.inTransaction("store protocol " + name, c -> {
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
     * Stores a new dialogue with its seats (free, or taken by the participants it was created with), its initial
     * snapshot (at move 0) and, for a dialogue of a domain, its binding, in one transaction: a dialogue is never in
     * the database without what it was started as.
     */
    public void createDialogue(String id, String protocol, long createdAt, List<Seat> seats, String snapshot,
                               Optional<DomainBinding> binding) {
        createDialogue(id, protocol, createdAt, seats, snapshot, binding, java.util.Map.of());
    }

    /** As above, with the hash of each free seat's invitation, by seat number (see {@link #invitations}). */
    public void createDialogue(String id, String protocol, long createdAt, List<Seat> seats, String snapshot,
                               Optional<DomainBinding> binding, java.util.Map<Integer, String> invitationHashes) {
        db.inTransaction("create dialogue " + id, c -> {
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_invitation (dialogue_id, seat_no, "
                    + "code_hash) VALUES (?, ?, ?)")) {
                for (java.util.Map.Entry<Integer, String> e : invitationHashes.entrySet()) {
                    ins.setString(1, id);
                    ins.setInt(2, e.getKey());
                    ins.setString(3, e.getValue());
                    ins.addBatch();
                }
                if (!invitationHashes.isEmpty()) {
                    ins.executeBatch();
                }
            }
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
            if (binding.isPresent()) {
                DomainBinding b = binding.get();
                try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_binding (dialogue_id, domain, "
                        + "scenario, game_json, agent_seat, agent_token, agent_state) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                    ins.setString(1, id);
                    ins.setString(2, b.domain());
                    ins.setInt(3, b.scenario());
                    ins.setString(4, b.gameJson());
                    ins.setString(5, b.agentSeat());
                    ins.setString(6, b.agentToken());
                    ins.setString(7, b.agentState());
                    ins.executeUpdate();
                }
            }
            return null;
        });
    }

    /**
     * The hash of each seat's invitation, by seat number: empty for a dialogue created without invitations (before
     * store version 4), which anyone with its id may join.
     */
    public java.util.Map<Integer, String> invitations(String dialogueId) {
        return db.inTransaction("read the invitations of dialogue " + dialogueId, c -> {
            java.util.Map<Integer, String> out = new java.util.LinkedHashMap<>();
            try (PreparedStatement q = c.prepareStatement(
                    "SELECT seat_no, code_hash FROM parley_invitation WHERE dialogue_id = ? ORDER BY seat_no")) {
                q.setString(1, dialogueId);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getInt(1), rs.getString(2));
                    }
                }
            }
            return out;
        });
    }

    /** Gives a free seat to the holder of a token; false if the seat was taken already (by any server). */
    public boolean claimSeat(String dialogueId, int seatNo, String tokenHash, long at) {
        return updatesOneRow("join dialogue " + dialogueId, "UPDATE parley_seat SET token_hash = ?, joined_at = ? "
                + "WHERE dialogue_id = ? AND seat_no = ? AND token_hash IS NULL", tokenHash, at, dialogueId, seatNo);
    }

    /**
     * Records the steered agent of a domain dialogue: its seat, its token and its state. Written when the agent is
     * invited and after each of its moves; false when the dialogue has no binding (it is not a domain's).
     */
    public boolean saveAgent(String dialogueId, String seat, String token, String state) {
        return updatesOneRow("store the agent of dialogue " + dialogueId, "UPDATE parley_binding SET agent_seat = ?, "
                + "agent_token = ?, agent_state = ? WHERE dialogue_id = ?", seat, token, state, dialogueId);
    }

    /**
     * Runs one guarded UPDATE in a transaction of its own, binding {@code params} in order (strings, ints and longs,
     * as setString, setInt and setLong would); true when it changed exactly one row, false when the row is missing or
     * its guard no longer holds.
     */
    private boolean updatesOneRow(String what, String sql, Object... params) {
        return db.inTransaction(what, c -> {
            try (PreparedStatement up = c.prepareStatement(sql)) {
                for (int i = 0; i < params.length; i++) {
                    up.setObject(i + 1, params[i]);
                }
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
        return log.record(move);
    }

    /**
     * Writes a snapshot of a dialogue at {@code seq} moves and drops its older ones. Snapshots are derived data:
     * one that is lost only means a longer replay, so it is written apart from the moves.
     */
    public void saveSnapshot(String dialogueId, int seq, String snapshot) {
        db.inTransaction("snapshot dialogue " + dialogueId + " at move " + seq, c -> {
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
        return db.inTransaction("read protocols", c -> {
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
        return db.inTransaction("list dialogues", c -> {
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

    /** A dialogue with its seats, its latest snapshot, its whole move log and its binding; empty if there is none. */
    public Optional<StoredDialogue> load(String id) {
        return db.inTransaction("read dialogue " + id, c -> {
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
                    MoveLog.moves(c, id, 0, count), binding(c, id)));
        });
    }

    /** The binding of every dialogue started from a domain, by dialogue id, oldest dialogue first. */
    public java.util.Map<String, DomainBinding> bindings() {
        return db.inTransaction("list bindings", c -> {
            java.util.Map<String, DomainBinding> out = new java.util.LinkedHashMap<>();
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT b.dialogue_id, b.domain, b.scenario, b.game_json, "
                         + "b.agent_seat, b.agent_token, b.agent_state FROM parley_binding b JOIN parley_dialogue d "
                         + "ON d.id = b.dialogue_id ORDER BY d.created_at, d.id")) {
                while (rs.next()) {
                    out.put(rs.getString(1), new DomainBinding(rs.getString(2), rs.getInt(3), rs.getString(4),
                            rs.getString(5), rs.getString(6), rs.getString(7)));
                }
            }
            return out;
        });
    }

    /** The binding of a dialogue started from a domain, with its agent as last stored; empty for any other. */
    public Optional<DomainBinding> binding(String dialogueId) {
        return db.inTransaction("read the binding of dialogue " + dialogueId, c -> binding(c, dialogueId));
    }

    private static Optional<DomainBinding> binding(Connection c, String id) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT domain, scenario, game_json, agent_seat, agent_token, "
                + "agent_state FROM parley_binding WHERE dialogue_id = ?")) {
            q.setString(1, id);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new DomainBinding(rs.getString(1), rs.getInt(2), rs.getString(3),
                        rs.getString(4), rs.getString(5), rs.getString(6)));
            }
        }
    }

    /** The database's version of a dialogue (its move count), or -1 if it has none. */
    public int moveCount(String id) {
        return log.moveCount(id);
    }

    /** The log from move {@code from} up to (not including) {@code to}. */
    public List<StoredMove> moves(String id, int from, int to) {
        return log.moves(id, from, to);
    }

    public List<Seat> seats(String id) {
        return db.inTransaction("read seats of " + id, c -> seats(c, id));
    }

    /** The index of the move this dialogue stored under an idempotency key, or -1. */
    public int moveWithKey(String dialogueId, String key) {
        return log.moveWithKey(dialogueId, key);
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

    /** What is wrong with the move log's writer thread, if anything (see {@code /health}). */
    public Optional<String> writerProblem() {
        return Optional.ofNullable(log.writerProblem());
    }

    /** True when a write commits: the health probe (a reader that answers is not enough). */
    public boolean healthy() {
        try {
            db.inTransaction("probe the database", c -> {
                StoreSchema.probe(c);
                return null;
            });
            return true;
        } catch (StoreException e) {
            LOG.warn("health probe failed: {}", e.getMessage());
            return false;
        }
    }

    /** Stops taking moves, lets the writer store those already waiting, then closes every connection. */
    @Override
    public void close() {
        log.close();
        db.close();
    }
}
