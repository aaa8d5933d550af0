package dev.parley.server.store;

import dev.parley.error.Setting;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's connections and locking: the database at a JDBC URL (or a SQLite file, created with its directory),
 * one connection for SQLite (one writer at a time) and a small pool for other databases, one process per SQLite
 * file (an OS lock on {@code FILE.lock}), and transactions that replace a connection a failure may have broken, so
 * the store recovers without a restart.
 */
final class Connections implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Connections.class);
    private static final int BUSY_TIMEOUT_MS = 30_000;
    static final long BORROW_TIMEOUT_S = 60;

    private final String url;
    private final String kind;
    private final BlockingQueue<Connection> pool;
    private final FileLock fileLock;

    /** Work done in one transaction. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private Connections(String url, int poolSize, FileLock lock) throws SQLException {
        this.url = url;
        this.kind = kindOf(url);
        this.fileLock = lock;
        int size = kind.equals("sqlite") ? 1 : poolSize;
        this.pool = new ArrayBlockingQueue<>(size);
        try {
            for (int i = 0; i < size; i++) {
                pool.add(connect());
            }
        } catch (SQLException e) {
            closeAll();
            throw e;
        }
    }

    /** The location opened, and whether it is a SQLite file that did not exist before. */
    record Opened(Connections connections, boolean fresh) {
    }

    static Opened open(String location, int poolSize) {
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
            return new Opened(new Connections(url, poolSize, lock), fresh);
        } catch (SQLException e) {
            release(lock);
            if (e.getMessage() != null && e.getMessage().startsWith("No suitable driver")) {
                // the store's SQL is portable, but only the drivers on the class path can open a URL
                throw new StoreException("no JDBC driver for " + url + " on the class path (Parley ships SQLite's and"
                        + " PostgreSQL's: a SQLite file, jdbc:sqlite:FILE or jdbc:postgresql://HOST:PORT/DATABASE)", e);
            }
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
                + "per SQLite file; use PostgreSQL (" + Setting.named("db") + " jdbc:postgresql://...) for several");
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
                return; // an empty file: refused later unless --init, like any database without a store
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

    String url() {
        return url;
    }

    String kind() {
        return kind;
    }

    boolean shared() {
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

    /** Runs {@code work} in one transaction; a database failure becomes a {@link StoreException} naming {@code what}. */
    <T> T inTransaction(String what, Work<T> work) {
        Connection c;
        try {
            c = borrow();
        } catch (SQLException e) {
            throw new StoreException("cannot " + what + ": " + e.getMessage(), e);
        }
        try {
            return transaction(c, work);
        } catch (SQLException e) {
            throw new StoreException("cannot " + what + ": " + e.getMessage(), e);
        }
    }

    /** As {@link #inTransaction}, letting the SQL failure through (for the schema check at start). */
    <T> T inTransactionRaw(Work<T> work) throws SQLException {
        return transaction(borrow(), work);
    }

    private <T> T transaction(Connection c, Work<T> work) throws SQLException {
        boolean broken = false;
        try {
            c.setAutoCommit(false);
            T result = work.run(c);
            try {
                c.commit();
            } catch (SQLException e) {
                // the one failure after which the work may have been committed all the same (a lost answer)
                throw new CommitUncertain(e);
            }
            return result;
        } catch (Throwable e) {
            // a failed transaction may leave the connection unusable (closed by the server, read-only since a fault
            // that is now cleared, mid-transaction): it is replaced, so the store recovers without a restart. An
            // Error (out of memory, say) too: a connection handed back mid-transaction would let its next user
            // commit this transaction's half
            broken = true;
            try {
                c.rollback();
            } catch (SQLException | RuntimeException r) {
                e.addSuppressed(r);
            }
            throw e;
        } finally {
            giveBack(c, broken);
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

    /** A commit that failed: whether it took effect is for the database to say. */
    static final class CommitUncertain extends SQLException {
        private static final long serialVersionUID = 1L;

        CommitUncertain(SQLException cause) {
            super(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
        }
    }

    /**
     * Returns a connection to the pool, replacing it with a fresh one when it broke. A broken one is closed first
     * (closing rolls back what it had not committed); if no fresh one can be made the closed one goes back, and its
     * next user finds it closed and tries again: the pool never shrinks.
     */
    private void giveBack(Connection c, boolean broken) {
        Connection back = c;
        try {
            if (broken || c.isClosed()) {
                closeQuietly(c);
                back = connect();
            }
        } catch (SQLException | RuntimeException | Error e) {
            LOG.warn("cannot reconnect to {}: {}", url, e.toString());
        } finally {
            pool.offer(back);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            LOG.debug("closing a broken connection", e);
        }
    }

    private void closeAll() {
        List<Connection> all = new ArrayList<>();
        pool.drainTo(all);
        for (Connection c : all) {
            closeQuietly(c);
        }
    }

    /** Closes every connection and releases the file lock. */
    @Override
    public void close() {
        closeAll();
        release(fileLock);
    }
}
