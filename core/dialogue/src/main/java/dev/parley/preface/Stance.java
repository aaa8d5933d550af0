package dev.parley.preface;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The agent's stance on the topic. The paper's figure writes PRO and CON; they are aliases of support and oppose. */
public enum Stance {
    SUPPORT, NEUTRAL, OPPOSE;

    @JsonCreator
    public static Stance parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "support", "pro" -> SUPPORT;
            case "neutral" -> NEUTRAL;
            case "oppose", "con" -> OPPOSE;
            default -> throw new IllegalArgumentException("stance must be support, neutral or oppose (or PRO/CON), not '"
                    + text + "'");
        };
    }

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
