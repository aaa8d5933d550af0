package dev.parley.nfg;

import dev.parley.error.ParleyException;

/** A game a meta-solver cannot handle (wrong number of players, not zero-sum, too large) or a failed LP. */
public class MetaSolverException extends ParleyException {

    private static final long serialVersionUID = 1L;

    public MetaSolverException(String message) {
        super(message);
    }
}
