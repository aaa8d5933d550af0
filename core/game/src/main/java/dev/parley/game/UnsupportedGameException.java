package dev.parley.game;

/** A well-formed game of a kind a solver cannot solve (simultaneous moves, imperfect recall); the message says which. */
public final class UnsupportedGameException extends GameModelException {

    private static final long serialVersionUID = 1L;

    public UnsupportedGameException(String message) {
        super(message);
    }
}
