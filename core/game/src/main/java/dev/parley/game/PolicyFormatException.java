package dev.parley.game;

import dev.parley.error.InputException;

/** A policy file that cannot be read: the message says where and what was expected. */
public class PolicyFormatException extends InputException {

    private static final long serialVersionUID = 1L;

    public PolicyFormatException(String message) {
        super(message);
    }
}
