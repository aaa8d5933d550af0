package dev.parley.dialogue;

import dev.parley.engine.Dialogue;
import dev.parley.engine.LegalMove;
import java.util.List;
import java.util.function.Supplier;

/**
 * How a {@link DialogueGame} state makes its child's protocol engine before performing the child's move. The game
 * copies its parent's engine ({@link #COPY}); another way (the benchmarks replay every move from a fresh engine, to
 * measure what copying saves) must give an engine in the same state.
 */
@FunctionalInterface
public interface EngineBranching {

    /** Copies the parent's engine: one move's work per child, whatever the depth. */
    EngineBranching COPY = (parent, transcript, fresh) -> {
        synchronized (parent) {
            return parent.copy();
        }
    };

    /**
     * An engine in the state {@code parent} is in, which the caller may change.
     *
     * @param parent     the parent state's engine: never changed (other threads read it)
     * @param transcript the messages that led to {@code parent}, oldest first
     * @param fresh      makes an engine with no move performed yet (participant i speaks message speaker i)
     */
    Dialogue branch(Dialogue parent, List<Message> transcript, Supplier<Dialogue> fresh);

    /** The participant a dialogue game addresses a move to: its fixed target, else the first it may have. */
    static String target(LegalMove move) {
        return move.target() != null ? move.target() : move.targets().isEmpty() ? null : move.targets().get(0);
    }
}
