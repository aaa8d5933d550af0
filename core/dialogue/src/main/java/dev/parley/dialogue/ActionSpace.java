package dev.parley.dialogue;

/** What a solver chooses at a dialogue decision. */
public enum ActionSpace {
    /** A legal protocol move crossed with an instruction (Parley's default). */
    MOVE_X_INSTRUCTION("move-x-instruction"),
    /** Only the instruction; the speaker (model or planner) chooses the move itself (the paper's game). */
    INSTRUCTION("instruction");

    private final String label;

    ActionSpace(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static ActionSpace parse(String text) {
        return Labels.parse(values(), ActionSpace::label, text, "action space");
    }
}
