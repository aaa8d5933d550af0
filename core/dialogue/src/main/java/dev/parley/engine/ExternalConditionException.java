package dev.parley.engine;

/** An external condition that could not be decided (timeout, bad answer, no configured value). */
public class ExternalConditionException extends Exception {

    private static final long serialVersionUID = 1L;

    public ExternalConditionException(String message) {
        super(message);
    }

    public ExternalConditionException(String message, Throwable cause) {
        super(message, cause);
    }
}
