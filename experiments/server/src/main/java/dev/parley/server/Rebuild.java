package dev.parley.server;

import dev.parley.engine.Dialogue;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.PerformedMove;
import dev.parley.server.store.StoredDialogue;
import dev.parley.server.store.StoredMove;
import java.util.List;

/**
 * A dialogue rebuilt from the store: its latest snapshot, then the moves logged after it replayed through the engine,
 * each checked to come out exactly as it was logged. Whatever does not fit is {@link Corrupt}, with the reason.
 */
final class Rebuild {

    private Rebuild() {
    }

    /** A dialogue's saved state or log cannot be read back. */
    static final class Corrupt extends Exception {
        private static final long serialVersionUID = 1L;

        Corrupt(String message) {
            super(message, null, false, false);
        }
    }

    static Dialogue of(StoredDialogue d, ExternalConditionResolver resolver) throws Corrupt {
        List<StoredMove> log = d.moves();
        if (log.size() != d.moveCount()) {
            throw new Corrupt("its move log has " + log.size() + " moves, its move count is " + d.moveCount());
        }
        for (int i = 0; i < log.size(); i++) {
            if (log.get(i).seq() != i) {
                throw new Corrupt("its move log has a gap at move " + i);
            }
        }
        if (d.snapshot() == null || d.snapshotSeq() < 0 || d.snapshotSeq() > log.size()) {
            throw new Corrupt("it has no snapshot to rebuild from");
        }
        Dialogue dialogue;
        try {
            dialogue = Snapshots.restore(d.snapshot(), log.subList(0, d.snapshotSeq()), resolver);
        } catch (RuntimeException e) {
            throw new Corrupt("its snapshot at move " + d.snapshotSeq() + " cannot be read: " + e.getMessage());
        }
        return replay(dialogue, log.subList(d.snapshotSeq(), log.size()));
    }

    /** A copy of the dialogue after the logged moves; {@code from} itself is left as it was. */
    static Dialogue replay(Dialogue from, List<StoredMove> moves) throws Corrupt {
        if (moves.isEmpty()) {
            return from;
        }
        Dialogue d = from.copy();
        for (StoredMove m : moves) {
            if (m.seq() != d.history().size()) {
                throw new Corrupt("move " + m.seq() + " does not follow move " + (d.history().size() - 1));
            }
            MoveOutcome o;
            try {
                o = d.perform(m.speaker(), m.moveId(), m.reply(), m.target());
            } catch (RuntimeException e) {
                throw new Corrupt("move " + m.seq() + " cannot be replayed: " + e.getMessage());
            }
            if (!o.accepted()) {
                throw new Corrupt("move " + m.seq() + " is refused on replay: " + o.reason());
            }
            PerformedMove p = o.move().orElseThrow();
            if (!p.speaker().equals(m.speaker()) || !p.moveId().equals(m.moveId()) || !p.reply().equals(m.reply())
                    || !p.text().equals(m.locution())) {
                throw new Corrupt("move " + m.seq() + " comes out differently on replay than it was logged");
            }
        }
        return d;
    }
}
