package dev.parley.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A counter of bytes a store writes, for {@code serve-bench --long}: for an embedded store (SQLite, in this
 * process) the bytes this process caused to be written to storage ({@code write_bytes} in /proc/self/io, Linux only:
 * the database file, its WAL and checkpoints, page by page; not the sockets); for PostgreSQL the
 * WAL the server generated (the advance of {@code pg_current_wal_lsn()}).
 */
abstract class BytesWritten implements AutoCloseable {

    abstract long now();

    @Override
    public void close() {
    }

    static BytesWritten of(String location) {
        if (location.startsWith("jdbc:postgresql:")) {
            return new PostgresWal(location);
        }
        return new ProcessWrites();
    }

    private static final class ProcessWrites extends BytesWritten {
        @Override
        long now() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
                    if (line.startsWith("write_bytes:")) {
                        return Long.parseLong(line.substring("write_bytes:".length()).trim());
                    }
                }
            } catch (IOException | NumberFormatException e) {
                return 0;
            }
            return 0;
        }
    }

    private static final class PostgresWal extends BytesWritten {
        private final Connection c;

        PostgresWal(String url) {
            try {
                c = DriverManager.getConnection(url);
            } catch (SQLException e) {
                throw new UserInputException("cannot connect to " + url + ": " + e.getMessage());
            }
        }

        @Override
        long now() {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT pg_current_wal_lsn() - '0/0'::pg_lsn")) {
                return rs.next() ? rs.getLong(1) : 0;
            } catch (SQLException e) {
                return 0;
            }
        }

        @Override
        public void close() {
            try {
                c.close();
            } catch (SQLException e) {
                // nothing to keep
            }
        }
    }
}
