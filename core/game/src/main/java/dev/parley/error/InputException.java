package dev.parley.error;

/**
 * Input that cannot be used: a file, a document or a value, with where the problem is when that is known. The
 * message already names the place ({@code file:line:column: what was expected}); the fields let a caller point at it
 * without parsing the message.
 */
public class InputException extends ParleyException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final int column;

    /** Bad input whose place the message says in words, if at all. */
    public InputException(String message) {
        this(message, null, -1, -1, null);
    }

    public InputException(String message, Throwable cause) {
        this(message, null, -1, -1, cause);
    }

    /**
     * @param source the file name or a description of the input ({@code null}: none)
     * @param line   1-based line, or -1 when unknown
     * @param column 1-based column, or -1 when unknown
     */
    public InputException(String message, String source, int line, int column, Throwable cause) {
        super(message, cause);
        this.source = source;
        this.line = line;
        this.column = column;
    }

    /** {@code source:line:column: detail}, leaving out the line and column that are not known (below 1). */
    public static String located(String source, int line, int column, String detail) {
        StringBuilder b = new StringBuilder(source);
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        return b.append(": ").append(detail).toString();
    }

    /** The file name or a description of the input; {@code null} when the input has none. */
    public String source() {
        return source;
    }

    /** 1-based line, or -1 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column, or -1 when unknown. */
    public int column() {
        return column;
    }
}
