package dev.parley.engine;

import dev.parley.error.ParleyException;

/** A dialogue that cannot be set up or restored (unknown player, too many participants, bad snapshot, ...). */
public class DialogueException extends ParleyException {

    private static final long serialVersionUID = 1L;

    public DialogueException(String message) {
        super(message);
    }

    public DialogueException(String message, Throwable cause) {
        super(message, cause);
    }
}
