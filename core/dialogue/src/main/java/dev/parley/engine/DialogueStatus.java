package dev.parley.engine;

/** Where a dialogue stands; set by {@code status(..)} effects. Only an active dialogue accepts moves. */
public enum DialogueStatus {
    ACTIVE, INACTIVE, COMPLETE, INCOMPLETE, TERMINATED;

    public boolean acceptsMoves() {
        return this == ACTIVE;
    }
}
