package dev.parley.dialogue;

import java.util.Map;
import java.util.Objects;

/**
 * One move in the public transcript. The speaker's instruction is not part of it: instructions are private.
 *
 * @param speaker the player index
 * @param moveId  the DGDL interaction performed (e.g. {@code propose})
 * @param content the move's structured content, as planned by the domain (e.g. {@code give=banana:1},
 *                {@code day=Mon}, {@code argument=b3}); public, since it is what was said
 * @param text    the words of the move
 */
public record Message(int speaker, String moveId, Map<String, String> content, String text) {

    public Message {
        Objects.requireNonNull(moveId, "moveId");
        content = Map.copyOf(content);
        Objects.requireNonNull(text, "text");
    }
}
