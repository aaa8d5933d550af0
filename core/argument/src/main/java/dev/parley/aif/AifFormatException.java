package dev.parley.aif;

import dev.parley.error.InputException;

/**
 * JSON-AIF text that cannot be read. Line and column are 1-based and are {@code -1} where the JSON parser did not
 * report a position (for example when the problem is a graph rule rather than the syntax).
 */
public class AifFormatException extends AifException {

    private static final long serialVersionUID = 1L;

    public AifFormatException(String source, int line, int column, String problem, Throwable cause) {
        super(InputException.located(source, line, column, problem), source, line, column, cause);
    }
}
