package dev.parley.server.store;

import dev.parley.error.ParleyException;

/** The database cannot be opened, read or written. */
public final class StoreException extends ParleyException {

    private static final long serialVersionUID = 1L;

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreException(String message) {
        super(message);
    }

    /** Whether a move refused with this may be in the database all the same (the one case a 503 does not settle). */
    public boolean outcomeUnknown() {
        for (Throwable t = getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof MoveLog.OutcomeUnknown) {
                return true;
            }
        }
        return false;
    }

    /** Whether a row was read but its content cannot be: its dialogue is broken, not the database. */
    public boolean unreadable() {
        for (Throwable t = getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UnreadableRow) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the database refused for want of disk space: SQLite's SQLITE_FULL (13, "database or disk is full"),
     * PostgreSQL's disk_full (SQLSTATE 53100). The one cause the server names to the client, since the client can
     * do nothing about the others.
     */
    public boolean diskFull() {
        for (Throwable t = getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.sql.SQLException e && (e.getErrorCode() == 13 || "53100".equals(e.getSQLState())
                    || String.valueOf(e.getMessage()).contains("disk is full"))) {
                return true;
            }
        }
        return false;
    }
}
