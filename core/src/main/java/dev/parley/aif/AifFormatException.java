package dev.parley.aif;

/**
 * JSON-AIF text that cannot be read. Line and column are 1-based and are {@code -1} where the JSON parser did not
 * report a position (for example when the problem is a graph rule rather than the syntax).
 */
public class AifFormatException extends AifException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final int column;

    public AifFormatException(String source, int line, int column, String problem, Throwable cause) {
        super(format(source, line, column, problem), cause);
        this.source = source;
        this.line = line;
        this.column = column;
    }

    private static String format(String source, int line, int column, String problem) {
        StringBuilder b = new StringBuilder(source);
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        return b.append(": ").append(problem).toString();
    }

    /** The file name or a description of the input. */
    public String source() {
        return source;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
