package dev.parley.preface;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds words that repeat Parley's own prompt instead of saying a message: a small model asked again after a
 * refusal often answers with the refusal's reason ("The answer is not valid JSON ..."), and one asked for a claim
 * often answers with the schema's description of the field ("The point asserted, as a clause"). Such words state
 * nothing, yet they can pass the content checks (the claim they carry is whatever the model put in the content).
 *
 * <p>The prompt's own text is what Parley wrote as instructions: the fixed sentences, the answer schema (with its
 * descriptions), the solver's guidance and the refusal reasons. The dialogue's material is not part of it: the
 * topic, the speaker's private knowledge and the messages so far may be quoted (asserting the proposition itself
 * is a claim). Words echo the prompt when they share a run of at least {@link #MIN_RUN} consecutive words with one
 * of its texts, or, when they are shorter than that (and at least {@link #MIN_WORDS} words), when all of them are
 * one run of such a text. Words are compared lower-cased, punctuation dropped. Stateless.
 */
public final class PromptEcho {

    /** The shortest shared run of words that counts as an echo. */
    public static final int MIN_RUN = 6;
    /** Shorter words are never counted as an echo ("I accept." may well be in a prompt). */
    public static final int MIN_WORDS = 3;
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}']+");
    private static final Pattern QUOTED = Pattern.compile("\"[^\"]*\"|(?<![\\p{L}\\p{N}])'[^']*'(?![\\p{L}\\p{N}])");

    private PromptEcho() {
    }

    /**
     * The run of {@code words} that repeats one of {@code promptTexts} (as the words wrote it, lower-cased), or
     * empty when the words are not an echo.
     */
    public static Optional<String> find(String words, Collection<String> promptTexts) {
        List<String> w = tokens(words);
        if (w.size() < MIN_WORDS) {
            return Optional.empty();
        }
        int need = Math.min(MIN_RUN, w.size());
        for (String text : promptTexts) {
            List<String> t = tokens(text);
            int[] run = longestCommonRun(w, t);
            if (run[0] >= need) {
                return Optional.of(String.join(" ", w.subList(run[1], run[1] + run[0])));
            }
        }
        return Optional.empty();
    }

    /**
     * A refusal's reason without what it quotes: a reason may quote the model's own words or content ("the words do
     * not state the claim (\"...\")"), and saying those again is not repeating an instruction. Double-quoted spans
     * go, and single-quoted ones that stand apart from words (an apostrophe inside a word stays).
     */
    public static String withoutQuotes(String reason) {
        return QUOTED.matcher(reason).replaceAll(" ");
    }

    static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        Matcher m = WORD.matcher(s.toLowerCase(Locale.ROOT));
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** {length, start in a} of the longest run of consecutive tokens that a and b share (dynamic programming). */
    static int[] longestCommonRun(List<String> a, List<String> b) {
        int best = 0;
        int start = 0;
        int[] prev = new int[b.size() + 1];
        int[] cur = new int[b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            for (int j = 1; j <= b.size(); j++) {
                cur[j] = a.get(i - 1).equals(b.get(j - 1)) ? prev[j - 1] + 1 : 0;
                if (cur[j] > best) {
                    best = cur[j];
                    start = i - best;
                }
            }
            int[] swap = prev; // every cur[j], j >= 1, is written again in the next row; cur[0] stays 0
            prev = cur;
            cur = swap;
        }
        return new int[] {best, start};
    }
}
