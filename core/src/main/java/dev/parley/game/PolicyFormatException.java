package dev.parley.game;

/** A policy file that cannot be read: the message says where and what was expected. */
public class PolicyFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PolicyFormatException(String message) {
        super(message);
    }
}
