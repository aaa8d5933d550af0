package dev.parley.aif;

import dev.parley.error.InputException;

/** A problem with AIF input or with a graph being built: the message says which id or where in the file. */
public class AifException extends InputException {

    private static final long serialVersionUID = 1L;

    public AifException(String message) {
        super(message);
    }

    /** A problem at a place in the input (see {@link InputException}). */
    protected AifException(String message, String source, int line, int column, Throwable cause) {
        super(message, source, line, column, cause);
    }
}
