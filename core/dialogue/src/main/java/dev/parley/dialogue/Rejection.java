package dev.parley.dialogue;

import java.util.Objects;

/**
 * Why a generated answer was refused before its move was performed.
 *
 * @param kind   one of the {@code KIND_*} constants: what failed (reports count rejections by kind)
 * @param detail the reason in words, as the model is told when it is asked again
 */
public record Rejection(String kind, String detail) {

    /** The answer is not a JSON object. */
    public static final String NOT_JSON = "not-json";
    /** The answer breaks the move's content schema (a variable missing, mistyped, out of range, extra). */
    public static final String SCHEMA = "schema";
    /** The content contradicts the protocol (a value the protocol fixes, a move that is not legal). */
    public static final String PROTOCOL = "protocol";
    /** The content cannot be said by this speaker now (fruit it does not hold, an offer that is not on the table). */
    public static final String INFEASIBLE = "infeasible";
    /** The words are unusable (empty, too long, a placeholder left in). */
    public static final String WORDS = "words";
    /** The words do not say the content (another count, another day, a fruit left out). */
    public static final String WORDS_CONTENT = "words-content";
    /** The words repeat the prompt's instructions: a refusal's reason, a schema's description ({@code PromptEcho}). */
    public static final String ECHO = "echo";
    /** The words only say again what the other side said ({@code ReplyRepeat}). */
    public static final String REPEAT = "repeat";
    /** The model did not finish its answer within the time limit (the generation was cancelled). */
    public static final String TIMEOUT = "timeout";

    public Rejection {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    @Override
    public String toString() {
        return kind + ": " + detail;
    }
}
