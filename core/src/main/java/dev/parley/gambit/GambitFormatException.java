package dev.parley.gambit;

import java.util.Objects;

/**
 * A Gambit {@code .efg} or {@code .nfg} file that cannot be read. The message has the form
 * {@code file:line:column: what was expected and what was found}, ready to print as one line.
 */
public class GambitFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String detail;

    /**
     * @param file   the source name (a path or any label the caller chose)
     * @param line   1-based line of the offending token
     * @param column 1-based column of the offending token
     * @param detail what was wrong, without the location prefix
     */
    public GambitFormatException(String file, int line, int column, String detail) {
        super(Objects.requireNonNull(file, "file") + ":" + line + ":" + column + ": " + detail);
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    /** The source name given to the parser. */
    public String file() {
        return file;
    }

    /** 1-based line. */
    public int line() {
        return line;
    }

    /** 1-based column (a tab counts as one column). */
    public int column() {
        return column;
    }

    /** The message without the {@code file:line:column: } prefix. */
    public String detail() {
        return detail;
    }
}
