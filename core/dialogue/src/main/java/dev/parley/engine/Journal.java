package dev.parley.engine;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The undo journal of a dialogue: every change a move makes pushes how to undo it, so a move that fails half way
 * (or a {@code whatIf} probe) rolls the dialogue back exactly. The version is bumped whenever the state may change,
 * so that views computed from the state know when they are stale.
 */
final class Journal {

    /** Undo actions of the running transaction, newest first; null outside a transaction. */
    private Deque<Runnable> undo;
    private long version;

    boolean open() {
        return undo != null;
    }

    long version() {
        return version;
    }

    void begin() {
        undo = new ArrayDeque<>();
        version++;
    }

    void commit() {
        undo = null;
        version++;
    }

    void rollback() {
        while (!undo.isEmpty()) {
            undo.pop().run();
        }
        undo = null;
        version++;
    }

    /** Records how to undo a change just made; only inside a transaction. */
    void push(Runnable action) {
        undo.push(action);
    }
}
