package dev.parley.aif;

import java.util.Objects;

/** A directed AIF edge; in AIF an argument reads premise → RA → conclusion and an attack attacker → CA → attacked. */
public record AifEdge(String edgeID, String fromID, String toID) {

    public AifEdge {
        Objects.requireNonNull(edgeID, "edgeID");
        Objects.requireNonNull(fromID, "fromID");
        Objects.requireNonNull(toID, "toID");
    }
}
