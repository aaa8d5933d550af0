package dev.parley.preface;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a value for {@code $response} before it fills a move: not empty, within a length bound, not a repeat of the
 * scaffold or of the context, and no leftover {@code $variables}. A rejection says why, so that the model can be
 * asked again with the reason.
 *
 * @param maxChars the longest acceptable value, in characters
 */
public record AnswerVerifier(int maxChars) {

    public static final int DEFAULT_MAX_CHARS = 400;
    /** A context utterance at least this many words long must not appear verbatim inside the answer. */
    private static final int MIN_WORDS_FOR_CONTAINED_REPEAT = 5;

    public AnswerVerifier {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be positive: " + maxChars);
        }
    }

    public static AnswerVerifier defaults() {
        return new AnswerVerifier(DEFAULT_MAX_CHARS);
    }

    public Verdict check(String value, Prompt prompt, Dcrs dcrs) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            return Verdict.reject("the answer is empty");
        }
        if (v.length() > maxChars) {
            return Verdict.reject("the answer has " + v.length() + " characters; at most " + maxChars
                    + " are allowed");
        }
        Matcher m = Scaffold.VARIABLE.matcher(v);
        if (m.find()) {
            return Verdict.reject("the answer still contains the placeholder " + m.group()
                    + "; write the words themselves");
        }
        if (v.contains("$")) {
            return Verdict.reject("the answer contains a '$' sign; write amounts in words");
        }
        String nv = normalise(v);
        Scaffold s = prompt.scaffold();
        if (nv.equals(normalise(s.prompt())) || nv.equals(normalise(s.prefix()))
                || nv.equals(normalise(s.template()))) {
            return Verdict.reject("the answer repeats the scaffold; give only the value for $response");
        }
        String prefix = normalise(s.prefix());
        if (prefix.length() >= 10 && nv.startsWith(prefix)) {
            return Verdict.reject("the answer repeats the scaffold text before $response (\"" + s.prefix()
                    + "\"); give only the value for $response");
        }
        for (String bound : s.bindings().values()) {
            if (nv.equals(normalise(bound))) {
                return Verdict.reject("the answer only restates \"" + bound + "\"; give a reason of its own");
            }
        }
        for (Dcrs.Utterance u : dcrs.history().utterances()) {
            String nc = normalise(u.content());
            if (nc.isEmpty()) {
                continue;
            }
            boolean contained = nc.split(" ").length >= MIN_WORDS_FOR_CONTAINED_REPEAT && nv.contains(nc);
            if (nv.equals(nc) || contained) {
                return Verdict.reject("the answer repeats the context (utterance " + u.index() + ": \""
                        + u.content() + "\"); use the context but do not repeat it");
            }
        }
        return Verdict.accept(v);
    }

    /** Lower case, punctuation dropped, whitespace collapsed: repeats are judged on words, not on commas. */
    static String normalise(String s) {
        String kept = NOT_WORD.matcher(s.toLowerCase(Locale.ROOT)).replaceAll(" ");
        return SPACES.matcher(kept).replaceAll(" ").strip();
    }

    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}$ ]+");
    private static final Pattern SPACES = Pattern.compile("\\s+");
}
