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
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The append-only move log. An accepted move is one new row, written in one transaction with the dialogue's version
 * ({@code move_count}) moved on by one, guarded by the version the server last saw; a server that lost a race to
 * another server sees {@link Recorded#CONFLICT} and catches up from the log. Moves of different dialogues that arrive
 * together share a transaction (group commit: one disk sync for all).
 */
final class MoveLog implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_BATCH = 256;

    private final Connections db;
    private final LinkedBlockingQueue<PendingMove> pending = new LinkedBlockingQueue<>();
    private final Thread writer;
    private volatile boolean closed;

    private record PendingMove(NewMove move, CompletableFuture<Recorded> done) {
    }

    MoveLog(Connections db) {
        this.db = db;
        this.writer = new Thread(this::writeLoop, "parley-db-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** See {@link DialogueStore#recordMove(NewMove)}. */
    Recorded record(NewMove move) {
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
                    : new StoreException("cannot record move " + move.index() + " of dialogue "
                    + move.dialogueId(), cause);
        }
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
            } catch (RuntimeException batchFailure) {
                for (PendingMove p : batch) {
                    try {
                        p.done().complete(db.inTransaction("record move " + p.move().index() + " of dialogue "
                                + p.move().dialogueId(), c -> write(c, p.move())));
                    } catch (RuntimeException e) {
                        p.done().completeExceptionally(e);
                    }
                }
            }
            batch.clear();
        }
    }

    private static Recorded write(Connection c, NewMove m) throws SQLException {
        try (PreparedStatement up = c.prepareStatement(
                "UPDATE parley_dialogue SET move_count = ? WHERE id = ? AND move_count = ?")) {
            up.setInt(1, m.index() + 1);
            up.setString(2, m.dialogueId());
            up.setInt(3, m.index());
            if (up.executeUpdate() != 1) {
                return Recorded.CONFLICT;
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
        try {
            return JSON.readValue(json, JSON.getTypeFactory().constructMapType(LinkedHashMap.class, String.class,
                    String.class));
        } catch (JsonProcessingException e) {
            throw new SQLException("a stored reply is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Stops taking moves and lets the writer store those already waiting. */
    @Override
    public void close() {
        synchronized (pending) {
            closed = true;
        }
        try {
            writer.join(TimeUnit.SECONDS.toMillis(Connections.BORROW_TIMEOUT_S));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
