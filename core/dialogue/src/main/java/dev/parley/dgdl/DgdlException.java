package dev.parley.dgdl;

import dev.parley.error.InputException;

/** A DGDL file that cannot be used: the message starts with {@code file:line:column:}. */
public class DgdlException extends InputException {

    private static final long serialVersionUID = 1L;

    private final SourcePosition position;

    public DgdlException(String file, SourcePosition position, String message) {
        super(file + ":" + position.line() + ":" + position.column() + ": " + message, file, position.line(),
                position.column(), null);
        this.position = position;
    }

    public String file() {
        return source();
    }

    public SourcePosition position() {
        return position;
    }
}
