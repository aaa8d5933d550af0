package dev.parley.game;

import dev.parley.error.ParleyException;

/** A game that breaks the model's rules: inconsistent infosets, bad chance probabilities, too large to compile. */
public class GameModelException extends ParleyException {

    private static final long serialVersionUID = 1L;

    public GameModelException(String message) {
        super(message);
    }

    public GameModelException(String message, Throwable cause) {
        super(message, cause);
    }
}
