package dev.parley.dgdl;

/** The two DGDL dialects in use; both map onto the same {@link Protocol}. */
public enum Dialect {
    /** The current DGDL of DGEP 2: {@code game(id:X){ ... }}, effects ending in {@code ;}. */
    DGEP2,
    /** DGDL+ of DGEP 1 (Agents United): {@code System{Name{ ... }}}, effects joined by {@code &}. */
    DGDL_PLUS
}
