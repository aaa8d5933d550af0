package dev.parley.argument;

/** Dung's extension-based semantics. */
public enum Semantics {
    /** The least fixed point of the characteristic function: the sceptical core; always exactly one extension. */
    GROUNDED,
    /** Admissible sets that contain every argument they defend. */
    COMPLETE,
    /** Maximal (by inclusion) admissible sets; at least one always exists. */
    PREFERRED,
    /** Conflict-free sets that attack every argument outside them; may not exist. */
    STABLE,
    /** Complete extensions whose range (the set with everything it attacks) is maximal by inclusion. */
    SEMI_STABLE,
    /** The largest admissible set inside every preferred extension; always exactly one extension. */
    IDEAL
}
