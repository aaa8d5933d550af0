package dev.parley.server.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only move log. An accepted move is one new row, written in one transaction with the dialogue's version
 * ({@code move_count}) moved on by one, guarded by the version the server last saw; a server that lost a race to
 * another server sees {@link Recorded#CONFLICT} and catches up from the log. Moves of different dialogues that arrive
 * together share a transaction (group commit: one disk sync for all).
 */
final class MoveLog implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Logger LOG = LoggerFactory.getLogger(MoveLog.class);
    private static final int MAX_BATCH = 256;
    /** A move the writer has not taken up by then is withdrawn and refused: it is certainly not stored. */
    static final long TAKE_DEADLINE_S = 30;
    /** A move the writer has taken is settled within the database's own timeouts; this bounds the wait beyond. */
    static final long WRITE_DEADLINE_S = 2 * Connections.BORROW_TIMEOUT_S;
    private static final int QUEUED = 0;
    private static final int TAKEN = 1;
    private static final int WITHDRAWN = 2;

    private final Connections db;
    private final LinkedBlockingQueue<PendingMove> pending = new LinkedBlockingQueue<>();
    private Thread writer;
    private volatile boolean closed;
    /** Why the writer last failed with an Error (out of memory, say), or null since it last stored a move. */
    private volatile String writerFault;

    /** A move waiting for the writer: queued, then taken by the writer or withdrawn by its requester, never both. */
    private record PendingMove(NewMove move, CompletableFuture<Recorded> done, AtomicInteger state) {
    }

    MoveLog(Connections db) {
        this.db = db;
        synchronized (pending) {
            startWriter();
        }
    }

    private void startWriter() {
        writer = new Thread(this::writeLoop, "parley-db-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * The writer's state for {@code /health}: null when it runs and its last move was settled without an Error, else
     * what is wrong.
     */
    String writerProblem() {
        Thread w;
        synchronized (pending) {
            w = writer;
        }
        if (!w.isAlive() && !closed) {
            return "the database writer has stopped";
        }
        return writerFault;
    }

    /**
     * See {@link DialogueStore#recordMove(NewMove)}. Never waits without a deadline: a move the writer has not taken
     * within {@link #TAKE_DEADLINE_S} is withdrawn and refused; one it has taken is settled (stored or not, checked
     * in the database after any failure) or, past {@link #WRITE_DEADLINE_S}, refused as of unknown outcome.
     */
    Recorded record(NewMove move) {
        PendingMove p = new PendingMove(move, new CompletableFuture<>(), new AtomicInteger(QUEUED));
        synchronized (pending) {
            if (closed) {
                throw new StoreException("the dialogue database is closed");
            }
            if (!writer.isAlive()) {
                LOG.error("the database writer had stopped; starting another");
                startWriter();
            }
            pending.add(p);
        }
        boolean interrupted = false;
        long takeBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(TAKE_DEADLINE_S);
        long settleBy = takeBy + TimeUnit.SECONDS.toNanos(WRITE_DEADLINE_S);
        try {
            while (true) {
                long until = p.state().get() == QUEUED ? takeBy : settleBy;
                try {
                    return p.done().get(Math.max(1, until - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    // an interrupt must not make the caller believe a move failed that is then committed
                    interrupted = true;
                } catch (TimeoutException e) {
                    if (p.state().compareAndSet(QUEUED, WITHDRAWN)) {
                        pending.remove(p);
                        throw new StoreException("the database writer did not take move " + move.index()
                                + " of dialogue " + move.dialogueId() + " within " + TAKE_DEADLINE_S
                                + " s; it was not stored");
                    }
                    if (System.nanoTime() - settleBy >= 0) {
                        throw new StoreException("move " + move.index() + " of dialogue " + move.dialogueId()
                                + " was not settled within " + (TAKE_DEADLINE_S + WRITE_DEADLINE_S)
                                + " s; whether it was stored is unknown", new OutcomeUnknown());
                    }
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    throw cause instanceof StoreException se ? new StoreException(se.getMessage(), se)
                            : new StoreException("cannot record move " + move.index() + " of dialogue "
                            + move.dialogueId(), cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void writeLoop() {
        List<PendingMove> batch = new ArrayList<>();
        while (true) {
            try {
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
                batch.removeIf(p -> !p.state().compareAndSet(QUEUED, TAKEN));
                writeBatch(batch);
            } catch (Throwable t) {
                // whatever happens (an Error included), every move taken is settled and the writer goes on
                writerFault = t.toString();
                LOG.error("the database writer failed: {}", t.toString(), t);
                for (PendingMove p : batch) {
                    settle(p, t, true); // it may have come after a commit: ask
                }
            } finally {
                batch.clear();
            }
        }
    }

    /** One transaction for the batch; if it fails, one for each move, so one bad write fails only its own move. */
    private void writeBatch(List<PendingMove> batch) {
        if (batch.isEmpty()) {
            return;
        }
        batch.sort(Comparator.comparing(p -> p.move().dialogueId()));
        try {
            List<Recorded> results = db.inTransaction("record " + batch.size() + " moves", c -> {
                List<Recorded> out = new ArrayList<>();
                for (PendingMove p : batch) {
                    out.add(write(c, p.move()));
                }
                return out;
            });
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).done().complete(results.get(i));
            }
            writerFault = null;
            return;
        } catch (Throwable batchFailure) {
            LOG.debug("a batch of {} moves failed; each is tried alone", batch.size(), batchFailure);
        }
        for (PendingMove p : batch) {
            try {
                p.done().complete(db.inTransaction("record move " + p.move().index() + " of dialogue "
                        + p.move().dialogueId(), c -> write(c, p.move())));
                writerFault = null;
            } catch (Throwable e) {
                if (e instanceof Error) {
                    writerFault = e.toString();
                }
                settle(p, e, false);
            }
        }
    }

    /**
     * A move whose transaction failed: refused if it failed before its commit (rolled back); after a failed commit or
     * an Error (which may have come at any point), stored only if the database says so, and of unknown outcome if the
     * database cannot be asked.
     */
    private void settle(PendingMove p, Throwable failure, boolean ask) {
        if (p.done().isDone()) {
            return;
        }
        NewMove m = p.move();
        if (!ask && !(failure instanceof Error) && !commitUncertain(failure)) {
            // failed before its commit: rolled back, certainly not stored
            p.done().completeExceptionally(failure instanceof StoreException ? failure
                    : new StoreException("move " + m.index() + " of dialogue " + m.dialogueId()
                    + " was not stored: " + failure, failure));
            return;
        }
        try {
            boolean stored = db.inTransaction("check move " + m.index() + " of dialogue " + m.dialogueId(),
                    c -> isStored(c, m));
            if (stored) {
                p.done().complete(Recorded.STORED);
            } else {
                p.done().completeExceptionally(failure instanceof StoreException ? failure
                        : new StoreException("move " + m.index() + " of dialogue " + m.dialogueId()
                        + " was not stored: " + failure, failure));
            }
        } catch (Throwable check) {
            OutcomeUnknown unknown = new OutcomeUnknown();
            unknown.addSuppressed(failure);
            unknown.addSuppressed(check);
            p.done().completeExceptionally(new StoreException("move " + m.index() + " of dialogue "
                    + m.dialogueId() + " failed and whether it was stored cannot be read now: " + failure, unknown));
        }
    }

    private static boolean commitUncertain(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof Connections.CommitUncertain) {
                return true;
            }
        }
        return false;
    }

    /** Whether this very move is the one stored at its index (a commit that reported a failure afterwards). */
    private static boolean isStored(Connection c, NewMove m) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT speaker, move_id, reply_json, words FROM parley_move "
                + "WHERE dialogue_id = ? AND seq = ?")) {
            q.setString(1, m.dialogueId());
            q.setInt(2, m.index());
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() && m.speaker().equals(rs.getString(1)) && m.moveId().equals(rs.getString(2))
                        && json(m.reply()).equals(rs.getString(3))
                        && java.util.Objects.equals(m.words(), rs.getString(4));
            }
        }
    }

    /** The cause of a refusal after which the move may or may not be in the database. */
    static final class OutcomeUnknown extends Exception {
        private static final long serialVersionUID = 1L;

        OutcomeUnknown() {
            super("whether the move was stored is unknown", null, false, false);
        }
    }

    private static Recorded write(Connection c, NewMove m) throws SQLException {
        try (PreparedStatement up = c.prepareStatement(
                "UPDATE parley_dialogue SET move_count = ? WHERE id = ? AND move_count = ?")) {
            up.setInt(1, m.index() + 1);
            up.setString(2, m.dialogueId());
            up.setInt(3, m.index());
            if (up.executeUpdate() != 1) {
                // this very move, committed by a transaction that then reported a failure and was tried again
                return isStored(c, m) ? Recorded.STORED : Recorded.CONFLICT;
            }
        }
        try (PreparedStatement ins = c.prepareStatement("INSERT INTO parley_move (dialogue_id, seq, speaker, "
                + "move_id, target, reply_json, locution, created_at, words, aif_json, idem_key) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ins.setString(1, m.dialogueId());
            ins.setInt(2, m.index());
            ins.setString(3, m.speaker());
            ins.setString(4, m.moveId());
            ins.setString(5, m.target());
            ins.setString(6, json(m.reply()));
            ins.setString(7, m.locution());
            ins.setLong(8, System.currentTimeMillis());
            ins.setString(9, m.words());
            ins.setString(10, m.aifJson());
            ins.setString(11, m.idempotencyKey());
            ins.executeUpdate();
        }
        return Recorded.STORED;
    }

    /** The database's version of a dialogue (its move count), or -1 if it has none. */
    int moveCount(String id) {
        return db.inTransaction("read dialogue " + id, c -> moveCount(c, id));
    }

    static int moveCount(Connection c, String id) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT move_count FROM parley_dialogue WHERE id = ?")) {
            q.setString(1, id);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? rs.getInt(1) : -1;
            }
        }
    }

    /** The index of the move this dialogue stored under an idempotency key, or -1. */
    int moveWithKey(String dialogueId, String key) {
        return db.inTransaction("read dialogue " + dialogueId, c -> {
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

    /** The log from move {@code from} up to (not including) {@code to}. */
    List<StoredMove> moves(String id, int from, int to) {
        return db.inTransaction("read moves of " + id, c -> moves(c, id, from, to));
    }

    static List<StoredMove> moves(Connection c, String id, int from, int to) throws SQLException {
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

    private static String json(Map<String, String> reply) {
        try {
            return JSON.writeValueAsString(reply);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a reply as JSON", e);
        }
    }

    private static Map<String, String> replyOf(String json) throws SQLException {
        if (json == null) {
            throw new UnreadableRow("a stored reply is missing", null);
        }
        try {
            return JSON.readValue(json, JSON.getTypeFactory().constructMapType(LinkedHashMap.class, String.class,
                    String.class));
        } catch (JsonProcessingException e) {
            throw new UnreadableRow("a stored reply is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Stops taking moves and lets the writer store those already waiting. */
    @Override
    public void close() {
        synchronized (pending) {
            closed = true;
        }
        Thread w;
        synchronized (pending) {
            w = writer;
        }
        try {
            w.join(TimeUnit.SECONDS.toMillis(Connections.BORROW_TIMEOUT_S));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
