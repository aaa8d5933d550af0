package dev.parley.llm;

import dev.parley.preface.FilledMove;
import dev.parley.preface.Prompt;
import java.util.List;

/**
 * A generated move and how it was obtained.
 *
 * @param move        the filled move (text, response value, DGEP reply object, backend)
 * @param prompt      the PrEFACE prompt the answer responds to
 * @param attempts    answers requested (1 when the first was accepted)
 * @param rawAnswers  every raw answer, in order
 * @param rejections  why each rejected answer was rejected, in order
 * @param cacheHits   how many of the attempts were served by the call cache
 */
public record Generation(FilledMove move, Prompt prompt, int attempts, List<String> rawAnswers,
        List<String> rejections, int cacheHits) {
    public Generation {
        rawAnswers = List.copyOf(rawAnswers);
        rejections = List.copyOf(rejections);
    }

    /** The same generation with another move (e.g. {@link FilledMove#withSpeaker}). */
    public Generation withMove(FilledMove other) {
        return new Generation(other, prompt, attempts, rawAnswers, rejections, cacheHits);
    }

    public String backend() {
        return move.backend();
    }
}
