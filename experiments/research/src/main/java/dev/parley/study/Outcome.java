package dev.parley.study;

import dev.parley.dialogue.Message;
import java.util.List;
import java.util.Locale;

/**
 * How a dialogue ended, in the three kinds of the paper's reward-model study (§4, App. C.1). The kind is read from
 * the last move: an agreement ({@code accept}; in debate {@code close}, where the debate is judged), a refusal
 * ({@code reject}; in debate {@code concede}), or neither, which in these protocols only happens when the length
 * limit stops the dialogue.
 */
public enum Outcome {
    /** An agreement was reached (the dialogue ended on accept, or a debate was closed and judged). */
    VALID,
    /** The final offer was refused (the last move is reject, or a debater conceded). */
    REJECTED,
    /** The length limit was hit with an offer or argument still open. */
    INCOMPLETE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind of a finished transcript (at least one message). */
    public static Outcome of(List<Message> transcript) {
        if (transcript.isEmpty()) {
            return INCOMPLETE;
        }
        return switch (transcript.get(transcript.size() - 1).moveId()) {
            case "accept", "close" -> VALID;
            case "reject", "concede" -> REJECTED;
            default -> INCOMPLETE;
        };
    }
}
