package dev.parley.gambit;

import dev.parley.error.InputException;
import java.util.Objects;

/**
 * A Gambit {@code .efg} or {@code .nfg} file that cannot be read. The message has the form
 * {@code file:line:column: what was expected and what was found}, ready to print as one line.
 */
public class GambitFormatException extends InputException {

    private static final long serialVersionUID = 1L;

    private final String detail;

    /**
     * @param file   the source name (a path or any label the caller chose)
     * @param line   1-based line of the offending token
     * @param column 1-based column of the offending token
     * @param detail what was wrong, without the location prefix
     */
    public GambitFormatException(String file, int line, int column, String detail) {
        super(Objects.requireNonNull(file, "file") + ":" + line + ":" + column + ": " + detail, file, line, column,
                null);
        this.detail = detail;
    }

    /** The source name given to the parser. */
    public String file() {
        return source();
    }

    /** The message without the {@code file:line:column: } prefix. */
    public String detail() {
        return detail;
    }
}
