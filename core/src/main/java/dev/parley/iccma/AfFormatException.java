package dev.parley.iccma;

import dev.parley.error.InputException;

/** A framework file that cannot be read: the message is {@code file:line: what was expected}. */
public final class AfFormatException extends InputException {

    private static final long serialVersionUID = 1L;

    public AfFormatException(String source, int line, String detail) {
        super(located(source, line, -1, detail), source, line, -1, null);
    }
}
