package dev.parley.aif;

import java.util.Objects;

/** Who uttered an L-node, and when ({@code timestamp} is {@code null} when absent). */
public record AifLocution(String nodeID, String personID, String timestamp) {

    public AifLocution {
        Objects.requireNonNull(nodeID, "nodeID");
        Objects.requireNonNull(personID, "personID");
    }
}
