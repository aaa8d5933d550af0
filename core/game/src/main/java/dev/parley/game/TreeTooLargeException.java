package dev.parley.game;

/** A game with more nodes than the limit it is compiled under: a sampling solver may still run on it directly. */
public class TreeTooLargeException extends GameModelException {

    private static final long serialVersionUID = 1L;

    public TreeTooLargeException(String message) {
        super(message);
    }
}
