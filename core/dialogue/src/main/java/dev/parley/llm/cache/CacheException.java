package dev.parley.llm.cache;

import dev.parley.error.ParleyException;

/** The cache cannot be opened, read or written (a bad path, a locked or corrupt database, a bad import file). */
public class CacheException extends ParleyException {

    private static final long serialVersionUID = 1L;

    public CacheException(String message, Throwable cause) {
        super(message, cause);
    }

    public CacheException(String message) {
        super(message);
    }
}
