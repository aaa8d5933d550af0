package dev.parley.llm;

import java.util.List;
import java.util.Optional;

/**
 * One request to a chat model.
 *
 * @param seed   the sampling seed (the chance outcome that picks a generation), or null
 * @param schema the structured answer wanted, or empty for free text
 */
public record ChatCall(List<ChatMessage> messages, Long seed, Optional<OutputSchema> schema) {
    public ChatCall {
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a chat call needs at least one message");
        }
    }
}
