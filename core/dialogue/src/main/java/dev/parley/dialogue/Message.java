package dev.parley.dialogue;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * One move in the public transcript. The speaker's instruction is not part of it: instructions are private.
 *
 * @param speaker the player index
 * @param moveId  the DGDL interaction performed (e.g. {@code propose})
 * @param content the move's verified typed content, one entry per content variable (e.g. {@code offer =
 *                {give: {banana: 1}, get: {kiwi: 3}}}, {@code day = Monday}); public, since it is what was said
 * @param text    the words of the move
 */
public record Message(int speaker, String moveId, Map<String, Object> content, String text) {

    public Message {
        Objects.requireNonNull(moveId, "moveId");
        content = Contents.copyOf(content);
        Objects.requireNonNull(text, "text");
    }

    /** A content value, or null. */
    public Object get(String variable) {
        return content.get(variable);
    }

    /**
     * The last message of {@code transcript} when a player other than {@code speaker} sent it as one of the moves
     * {@code proposals} accepts, else null: the proposal the speaker is answering.
     */
    public static Message answered(int speaker, List<Message> transcript, Predicate<String> proposals) {
        if (transcript.isEmpty()) {
            return null;
        }
        Message last = transcript.get(transcript.size() - 1);
        return last.speaker() != speaker && proposals.test(last.moveId()) ? last : null;
    }
}
