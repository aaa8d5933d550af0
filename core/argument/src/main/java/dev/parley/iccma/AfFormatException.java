package dev.parley.iccma;

import dev.parley.error.InputException;

/**
 * A framework file that cannot be read: the message is {@code file:line:column: what was expected}, the column left
 * out where the fault is the file as a whole.
 */
public final class AfFormatException extends InputException {

    private static final long serialVersionUID = 1L;

    public AfFormatException(String source, int line, String detail) {
        this(source, line, -1, detail);
    }

    /** @param column 1-based, or -1 when the fault has no one place on the line */
    public AfFormatException(String source, int line, int column, String detail) {
        super(located(source, line, column, detail), source, line, column, null);
    }
}
