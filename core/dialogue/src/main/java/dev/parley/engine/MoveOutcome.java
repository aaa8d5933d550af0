package dev.parley.engine;

import java.util.Optional;

/**
 * What became of an attempted move: accepted (with the history entry) or rejected with the reason; a rejected
 * move left the dialogue exactly as it was.
 */
public record MoveOutcome(boolean accepted, String reason, Optional<PerformedMove> move) {

    public static MoveOutcome accepted(PerformedMove move) {
        return new MoveOutcome(true, null, Optional.of(move));
    }

    public static MoveOutcome rejected(String reason) {
        return new MoveOutcome(false, reason, Optional.empty());
    }
}
