package dev.parley.domain.support;

import java.util.List;
import java.util.Optional;

/**
 * The last step of every offline planner's {@code chooseMove}: when no rule of the domain picked a move, the first of
 * the domain's preferred moves that the protocol allows now, else the first legal move (empty only when none is
 * legal).
 */
public final class MovePreference {

    private MovePreference() {
    }

    /** The first of {@code preferred} in {@code legalMoveIds}, else the first of {@code legalMoveIds}. */
    public static Optional<String> firstLegal(List<String> legalMoveIds, String... preferred) {
        for (String p : preferred) {
            if (legalMoveIds.contains(p)) {
                return Optional.of(p);
            }
        }
        return legalMoveIds.isEmpty() ? Optional.empty() : Optional.of(legalMoveIds.get(0));
    }
}
