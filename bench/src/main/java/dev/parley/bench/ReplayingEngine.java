package dev.parley.bench;

import dev.parley.dialogue.Contents;
import dev.parley.dialogue.EngineBranching;
import dev.parley.dialogue.Message;
import dev.parley.engine.Dialogue;
import dev.parley.engine.LegalMove;
import java.util.List;
import java.util.function.Supplier;

/**
 * Dialogue states built the way Parley built them before {@link Dialogue#copy()}: every child replays the protocol
 * engine from the first move instead of copying its parent's. Only for measuring the difference side by side
 * ({@link DialogueBench}); the game and its tree are identical.
 */
final class ReplayingEngine implements EngineBranching {

    @Override
    public Dialogue branch(Dialogue parent, List<Message> transcript, Supplier<Dialogue> fresh) {
        Dialogue d = fresh.get();
        for (Message m : transcript) {
            String pid = d.participants().get(m.speaker()).id();
            LegalMove legal = d.legalMoves(pid).stream().filter(x -> x.moveId().equals(m.moveId())).findFirst()
                    .orElseThrow();
            if (!d.perform(pid, m.moveId(), Contents.reply(m.content()), EngineBranching.target(legal)).accepted()) {
                throw new IllegalStateException("replay of " + m.moveId() + " refused");
            }
        }
        return d;
    }
}
