package dev.parley.llm.cache;

/** The cache cannot be opened, read or written (a bad path, a locked or corrupt database, a bad import file). */
public class CacheException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CacheException(String message, Throwable cause) {
        super(message, cause);
    }

    public CacheException(String message) {
        super(message);
    }
}
