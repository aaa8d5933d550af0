package dev.parley.error;

/**
 * The root of the errors Parley reports to its user rather than treats as its own bug: bad input, a game a solver
 * cannot solve, a language model or a store that fails. The message is one line the user can act on; the command
 * line prints it once and exits with 2. Any other exception is an internal error.
 */
public class ParleyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ParleyException(String message) {
        super(message);
    }

    public ParleyException(String message, Throwable cause) {
        super(message, cause);
    }

    /** For errors raised often and on purpose (a refused request), which need no stack trace. */
    protected ParleyException(String message, Throwable cause, boolean enableSuppression,
                              boolean writableStackTrace) {
        super(message, cause, enableSuppression, writableStackTrace);
    }
}
