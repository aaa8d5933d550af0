package dev.parley.server.store;

import java.sql.SQLException;

/**
 * A row the database gave back whose content cannot be read (a reply that is not JSON, say): the dialogue it belongs
 * to is broken, not the database, so that dialogue alone is quarantined (see {@link StoreException#unreadable()}).
 */
final class UnreadableRow extends SQLException {

    private static final long serialVersionUID = 1L;

    UnreadableRow(String message, Throwable cause) {
        super(message, cause);
    }
}
