package dev.parley.domain.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every offline utterance must satisfy, whatever the domain: it starts with a capital, ends with punctuation,
 * has one to three sentences, no internal label or key, no doubled word and no wrong plural.
 */
public final class WordsChecks {

    private WordsChecks() {
    }

    private static final List<Pattern> LABELS = List.of(
            Pattern.compile("\\$"),
            Pattern.compile("_"),
            Pattern.compile("[{}\\[\\]=<>\"]"),
            Pattern.compile("\\b(give|get|offer|terms|reason|day|argument|claim|premise|ref|target|content)\\s*[:=]",
                    Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\b(premise|ref|counter|counters|countered)\\b", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\b(propose|accept|reject) meeting\\b", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\b(propose|counter|accept|reject|claim|argue|rebut|concede|close)\\s*[:(]",
                    Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\b(calm|assertive|submissive|any|logos|pathos|ethos|baseline)\\s*[:()]",
                    Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\(\\s*(logos|pathos|ethos)", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\b(too-little|cannot-give|prefer-other|insist-on)\\b"),
            Pattern.compile("\\b[a-z]{2,3}-[pc]r?\\d+\\b"),
            Pattern.compile("\\bin exchange for (nothing|\\.)"),
            Pattern.compile("\\b(Offer|Propose|Accept|Reject) (\\d|a |an )"));

    private static final Pattern DOUBLED = Pattern.compile("\\b(\\w+)\\s+\\1\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern SINGULAR_COUNT = Pattern.compile(
            "\\b(1|one|a|an|single)\\s+(apples|bananas|blueberries|kiwis)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern PLURAL_COUNT = Pattern.compile(
            "\\b([02-9]|\\d{2,}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\\s+"
                    + "(apple|banana|blueberry|kiwi)\\b(?!s)", Pattern.CASE_INSENSITIVE);
    private static final Pattern BAD_FORMS = Pattern.compile(
            "\\b(blueberrys|kiwies|a apple|a apples|an banana|an kiwi|an blueberry|thoses|cannot not|can not)\\b",
            Pattern.CASE_INSENSITIVE);

    /** Every problem of one utterance (empty when it is fine). */
    public static List<String> problems(String words) {
        List<String> out = new ArrayList<>();
        if (words == null || words.isBlank()) {
            out.add("empty");
            return out;
        }
        if (!Character.isUpperCase(words.charAt(0))) {
            out.add("does not start with a capital");
        }
        if (!words.matches("(?s).*[.!?]$")) {
            out.add("does not end with punctuation");
        }
        if (!words.equals(words.strip()) || words.contains("  ")) {
            out.add("stray spaces");
        }
        if (words.matches("(?s).*(\\.\\.|\\?\\.|!\\.|\\.\\?|,\\.|:\\.|;\\.|,,|::| [.,;:!?]).*")) {
            out.add("doubled or stray punctuation");
        }
        for (String s : words.split("(?<=[.!?])\\s+")) {
            if (s.indexOf(':') >= 0 && s.indexOf(':') != s.lastIndexOf(':')) {
                out.add("two colons in one sentence: " + s);
            }
        }
        int sentences = words.split("(?<=[.!?])\\s+(?=[A-Z])").length;
        if (sentences < 1 || sentences > 3) {
            out.add(sentences + " sentences");
        }
        for (Pattern p : LABELS) {
            Matcher m = p.matcher(words);
            if (m.find()) {
                out.add("label '" + m.group() + "'");
            }
        }
        find(DOUBLED, words, "doubled word", out);
        find(SINGULAR_COUNT, words, "plural after one", out);
        find(PLURAL_COUNT, words, "singular after a count", out);
        find(BAD_FORMS, words, "bad form", out);
        for (String s : words.split("(?<=[.!?])\\s+")) {
            if (!s.isEmpty() && !Character.isUpperCase(s.charAt(0)) && !Character.isDigit(s.charAt(0))) {
                out.add("sentence without a capital: " + s);
            }
        }
        return out;
    }

    private static void find(Pattern p, String words, String what, List<String> out) {
        Matcher m = p.matcher(words);
        if (m.find()) {
            out.add(what + " '" + m.group() + "'");
        }
    }

    /** The first problem of one utterance, with the utterance, or empty. */
    public static Optional<String> problem(String context, String words) {
        List<String> p = problems(words);
        return p.isEmpty() ? Optional.empty()
                : Optional.of(context + ": " + p + " in \"" + words + "\"");
    }

    /** Lower-cases for loose comparisons. */
    public static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
