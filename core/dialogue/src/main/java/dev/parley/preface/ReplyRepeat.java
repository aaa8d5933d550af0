package dev.parley.preface;

import java.util.List;
import java.util.Optional;

/**
 * Finds a reply that only says again what the other side said: served SmolLM2 answered Alice's "The truth of the
 * matter lies in the nature of what is seen" with that very sentence as Bob's claim, and the content checks passed
 * it, because the claim it carried was a claim.
 *
 * <p>Words repeat a message when every one of them is one run of that message's words and there are at least
 * {@link PromptEcho#MIN_RUN} of them (compared as {@link PromptEcho} compares: lower-cased, punctuation dropped).
 * A single word of one's own ("Fine, cats are better than dogs") makes a reply, and so do short formulas that both
 * sides may say ("I reject that."). Quoting the other side inside a longer answer stays allowed. Stateless.
 */
public final class ReplyRepeat {

    private ReplyRepeat() {
    }

    /**
     * The words of {@code messages} (the other side's, any order) that {@code words} only repeat, or empty when
     * the words say something of their own.
     */
    public static Optional<String> find(String words, List<String> messages) {
        List<String> w = PromptEcho.tokens(words);
        if (w.size() < PromptEcho.MIN_RUN) {
            return Optional.empty();
        }
        for (String message : messages) {
            if (PromptEcho.longestCommonRun(w, PromptEcho.tokens(message))[0] == w.size()) {
                return Optional.of(String.join(" ", w));
            }
        }
        return Optional.empty();
    }
}
