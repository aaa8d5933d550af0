package dev.parley.dialogue;

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
        return Labels.parse(values(), Observation::label, text, "observation");
    }
}
