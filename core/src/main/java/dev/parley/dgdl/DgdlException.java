package dev.parley.dgdl;

/** A DGDL file that cannot be used: the message starts with {@code file:line:column:}. */
public class DgdlException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final SourcePosition position;

    public DgdlException(String file, SourcePosition position, String message) {
        super(file + ":" + position.line() + ":" + position.column() + ": " + message);
        this.file = file;
        this.position = position;
    }

    public String file() {
        return file;
    }

    public int line() {
        return position.line();
    }

    public int column() {
        return position.column();
    }

    public SourcePosition position() {
        return position;
    }
}
