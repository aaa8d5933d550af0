package dev.parley.dialogue;

import dev.parley.llm.LlmException;
import java.util.List;

/** No acceptable answer for a move: every attempt was refused. Carries the refusals, newest last. */
public final class GenerationException extends LlmException {
    private static final long serialVersionUID = 1L;

    private final transient List<Rejection> rejections;

    public GenerationException(String message, List<Rejection> rejections) {
        super(message);
        this.rejections = List.copyOf(rejections);
    }

    public List<Rejection> rejections() {
        return rejections;
    }
}
