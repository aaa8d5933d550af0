package dev.parley.argument;

/**
 * The status of an argument of a value-based framework over a set of audiences (Bench-Capon 2003, Definitions 6.1
 * and 6.2): in every preferred extension for every audience, in some preferred extension for some audience, or in
 * none (indefensible). An objectively acceptable argument is also subjectively acceptable; this names the strongest.
 */
public enum Acceptance {
    OBJECTIVE("objectively acceptable"),
    SUBJECTIVE("subjectively acceptable"),
    INDEFENSIBLE("indefensible");

    private final String words;

    Acceptance(String words) {
        this.words = words;
    }

    /** Bench-Capon's term. */
    public String words() {
        return words;
    }
}
