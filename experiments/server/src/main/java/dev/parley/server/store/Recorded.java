package dev.parley.server.store;

/** What became of a move sent to the store. */
public enum Recorded {
    /** Committed. */
    STORED,
    /** Nothing written: the dialogue's version in the database had moved on (another server moved first). */
    CONFLICT
}
