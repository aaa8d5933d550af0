package dev.parley.llm.cache.sql;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-key claims for a SQLite cache file shared by processes on one machine: a claim is an exclusive operating-system
 * lock on one byte of a side file ({@code <cache>.claims}), at an offset taken from the key. The operating system
 * releases a process's locks when it exits, however it exits, so a crashed holder never blocks the others, as a
 * PostgreSQL advisory lock dies with its session. The file stays empty: locks may lie beyond its end.
 *
 * <p>Within one JVM the operating system sees one process, so Java refuses a second overlapping lock there
 * ({@link OverlappingFileLockException}); that is read as "claimed by someone else", which is what it is (another
 * cache instance or thread of this process), and the caller waits for that holder's answer as for another process's.
 *
 * <p>Locks on a file on a network file system may not be honoured between machines: this is for one machine.
 */
final class FileClaims implements AutoCloseable {

    private final Path file;
    private final ConcurrentHashMap<Long, FileLock> held = new ConcurrentHashMap<>();
    /** Opened on the first claim, so reading a cache (stats, export, replay) leaves no side file behind. */
    private FileChannel channel;

    FileClaims(Path file) {
        this.file = file;
    }

    private synchronized FileChannel channel() throws IOException {
        if (channel == null) {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        }
        return channel;
    }

    Path file() {
        return file;
    }

    /** The byte a lock id claims: non-negative, and far enough from the top that position + 1 cannot overflow. */
    static long offset(long lockId) {
        return lockId >>> 2;
    }

    /** @return true when this caller now holds the claim on the id; false when anyone else holds it */
    boolean tryClaim(long lockId) throws IOException {
        FileLock lock;
        try {
            lock = channel().tryLock(offset(lockId), 1, false);
        } catch (OverlappingFileLockException e) {
            return false; // held in this JVM, by another cache instance or another thread
        }
        if (lock == null) {
            return false; // held by another process
        }
        FileLock before = held.put(lockId, lock);
        if (before != null) {
            // impossible while locks are exclusive; keep the invariant visible rather than leak a lock
            before.release();
        }
        return true;
    }

    /** Releases a claim this caller holds; a no-op when it holds none. */
    void release(long lockId) throws IOException {
        FileLock lock = held.remove(lockId);
        if (lock != null) {
            lock.release();
        }
    }

    @Override
    public synchronized void close() throws IOException {
        // closing the channel releases every lock taken through it
        held.clear();
        if (channel != null) {
            channel.close();
        }
    }
}
