package dev.parley.error;

/**
 * The root of the errors Parley reports to its user rather than treats as its own bug: bad input, a game a solver
 * cannot solve, a language model or a store that fails. The message is one line the user can act on; the command
 * line prints it once and exits with 2. Any other exception is an internal error.
 */
public class ParleyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Where the error happened, outermost first ("fruit-trading", "language model"); empty when unsaid. */
    private final java.util.List<String> context = new java.util.ArrayList<>();

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

    /**
     * Says where this error happened ("fruit-trading"), in front of what is already said, and returns it to be
     * thrown on: the caller adds its context to Parley's own error instead of wrapping it in a new one.
     */
    public ParleyException in(String where) {
        context.add(0, where);
        return this;
    }

    /** Where the error happened, outermost first. */
    public java.util.List<String> context() {
        return java.util.List.copyOf(context);
    }

    /** The message without its context. */
    public String messageWithoutContext() {
        return super.getMessage();
    }

    /** {@code detail} with the context in front ({@code fruit-trading: language model: ...}). */
    protected String withContext(String detail) {
        return context.isEmpty() ? detail : String.join(": ", context) + ": " + detail;
    }

    @Override
    public String getMessage() {
        return withContext(super.getMessage());
    }
}
