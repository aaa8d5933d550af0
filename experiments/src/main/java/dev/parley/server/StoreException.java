package dev.parley.server;

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
}
