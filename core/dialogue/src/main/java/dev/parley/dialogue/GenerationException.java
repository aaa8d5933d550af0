package dev.parley.dialogue;

import dev.parley.llm.LlmException;
import java.util.List;

/** No acceptable answer for a move: every attempt was refused. Carries the refusals, newest last. */
public final class GenerationException extends LlmException {
    private static final long serialVersionUID = 1L;

    private final transient List<Rejection> rejections;
    private final transient List<String> rawAnswers;

    public GenerationException(String message, List<Rejection> rejections) {
        this(message, rejections, List.of());
    }

    /** @param rawAnswers the refused answers as the generator received them, oldest first */
    public GenerationException(String message, List<Rejection> rejections, List<String> rawAnswers) {
        super(message);
        this.rejections = List.copyOf(rejections);
        this.rawAnswers = List.copyOf(rawAnswers);
    }

    public List<String> rawAnswers() {
        return rawAnswers;
    }

    public List<Rejection> rejections() {
        return rejections;
    }
}
