package dev.parley.dialogue;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A generated and verified move: its words and its typed content, and how they were obtained.
 *
 * @param text       the words
 * @param content    the verified content, one entry per content variable
 * @param attempts   answers requested (1 when the first was accepted)
 * @param rejections why each refused answer was refused, in order
 * @param rawAnswers every raw answer, in order (the offline backend gives its words)
 * @param cacheHits  how many attempts the call cache served
 */
public record Utterance(String text, Map<String, Object> content, int attempts, List<Rejection> rejections,
                        List<String> rawAnswers, int cacheHits) {
    public Utterance {
        Objects.requireNonNull(text, "text");
        content = Contents.copyOf(content);
        rejections = List.copyOf(rejections);
        rawAnswers = List.copyOf(rawAnswers);
    }
}
