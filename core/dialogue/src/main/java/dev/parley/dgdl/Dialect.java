package dev.parley.dgdl;

/** The DGDL dialects Parley reads; all map onto the same {@link Protocol}. */
public enum Dialect {
    /** The current DGDL of DGEP 2: {@code game(id:X){ ... }}, effects ending in {@code ;}. */
    DGEP2,
    /** DGDL+ of DGEP 1 (Agents United): {@code System{Name{ ... }}}, effects joined by {@code &}. */
    DGDL_PLUS,
    /**
     * Wells and Reed's original DGDL (2012): {@code Name{ {turns,..} {player,..} {store,..} {Move,{p},"..",{..}} }}.
     * Translated onto the engine's model by {@link OriginalDgdlReader}, which names what it cannot translate.
     */
    ORIGINAL
}
