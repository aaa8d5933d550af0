package dev.parley.aif;

import java.util.Objects;

/**
 * One AIF node. {@code timestamp}, {@code scheme} and {@code schemeID} are {@code null} when absent; ids are kept as
 * text whatever form the source used (AIF corpora write them as numbers or as strings).
 */
public record AifNode(String nodeID, String text, AifNodeType type, String timestamp, String scheme,
                      String schemeID) {

    public AifNode {
        Objects.requireNonNull(nodeID, "nodeID");
        Objects.requireNonNull(type, "type");
        text = text == null ? "" : text;
    }

    /** A node without timestamp or scheme. */
    public static AifNode of(String nodeID, String text, AifNodeType type) {
        return new AifNode(nodeID, text, type, null, null, null);
    }
}
