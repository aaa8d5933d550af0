package dev.parley.dialogue;

import java.util.Arrays;
import java.util.Locale;

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
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (ActionSpace a : values()) {
            if (a.label.equals(t)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown action space '" + text + "' (expected one of "
                + Arrays.stream(values()).map(ActionSpace::label).toList() + ")");
    }
}
