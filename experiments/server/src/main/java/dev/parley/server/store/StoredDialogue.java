package dev.parley.server.store;

import java.util.List;
import java.util.Optional;

/**
 * A dialogue as the database holds it: its latest snapshot, the whole move log, and the domain it was started from
 * (empty for a bare protocol dialogue).
 */
public record StoredDialogue(String id, String protocol, long createdAtMillis, int moveCount, int snapshotSeq,
                             String snapshot, List<Seat> seats, List<StoredMove> moves,
                             Optional<DomainBinding> binding) {
}
