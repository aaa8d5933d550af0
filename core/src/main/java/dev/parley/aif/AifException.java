package dev.parley.aif;

/** A problem with AIF input or with a graph being built: the message says which id or where in the file. */
public class AifException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AifException(String message) {
        super(message);
    }

    public AifException(String message, Throwable cause) {
        super(message, cause);
    }
}
