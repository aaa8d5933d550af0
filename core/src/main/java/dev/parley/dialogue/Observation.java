package dev.parley.dialogue;

import java.util.Arrays;
import java.util.Locale;

/** What a player's information state holds of the public dialogue. */
public enum Observation {
    /** Every message's move, verified content and words (the paper's game). */
    WORDS("words"),
    /** Every message's move and verified content, not its words: a smaller game whose policy fits any wording. */
    MOVES("moves");

    private final String label;

    Observation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static Observation parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (Observation o : values()) {
            if (o.label.equals(t)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown observation '" + text + "' (expected one of "
                + Arrays.stream(values()).map(Observation::label).toList() + ")");
    }
}
