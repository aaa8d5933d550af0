package dev.parley.engine;

import dev.parley.dgdl.SourcePosition;

/** A failure while applying effects: the transaction rolls back and the move is rejected with this message. */
final class EffectFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    EffectFailure(SourcePosition at, String message) {
        super("line " + at.line() + ":" + at.column() + ": " + message, null, false, false);
    }
}
