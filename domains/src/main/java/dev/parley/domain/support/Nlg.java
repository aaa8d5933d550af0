package dev.parley.domain.support;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import simplenlg.features.Feature;
import simplenlg.framework.CoordinatedPhraseElement;
import simplenlg.framework.NLGElement;
import simplenlg.framework.NLGFactory;
import simplenlg.lexicon.Lexicon;
import simplenlg.phrasespec.NPPhraseSpec;
import simplenlg.phrasespec.SPhraseSpec;
import simplenlg.realiser.english.Realiser;

/**
 * The SimpleNLG kit the offline surface realisers share: one default lexicon for the whole JVM (SimpleNLG's XML
 * lexicon is filled once in its constructor and only read afterwards; every look-up returns a copy of the word),
 * and a factory and realiser per thread (they keep state while realising, so they are never shared). Also the small
 * helpers the realisers need around SimpleNLG: a deterministic choice by seed, the few orthographic fixes SimpleNLG
 * does not make, and the embedding of canned text (debate arguments) that SimpleNLG cannot parse.
 */
public final class Nlg {

    private static final class Holder {
        static final Lexicon LEXICON = Lexicon.getDefaultLexicon();
    }

    private static final ThreadLocal<Nlg> LOCAL = ThreadLocal.withInitial(Nlg::new);

    private final NLGFactory factory;
    private final Realiser realiser;

    private Nlg() {
        factory = new NLGFactory(Holder.LEXICON);
        realiser = new Realiser(Holder.LEXICON);
    }

    /**
     * Starts filling the lexicon on a daemon thread, so that a command that will realise words offline can parse
     * SimpleNLG's XML lexicon (about a tenth of a second) while it reads its options and protocols. A realiser that
     * needs the lexicon sooner waits for that thread's class initialisation rather than parsing it twice.
     */
    public static void loadLexiconInBackground() {
        Thread t = new Thread(() -> {
            Lexicon unused = Holder.LEXICON;
        }, "simplenlg-lexicon");
        t.setDaemon(true);
        t.start();
    }

    /** This thread's kit. */
    public static Nlg get() {
        return LOCAL.get();
    }

    public NLGFactory factory() {
        return factory;
    }

    /** A clause with a subject, verb and (optional) object. */
    public SPhraseSpec clause(Object subject, Object verb, Object object) {
        return factory.createClause(subject, verb, object);
    }

    /** A noun phrase with a specifier (a number, "a", "the"...) and the number that agrees with it. */
    public NPPhraseSpec noun(String specifier, String noun, boolean plural) {
        NPPhraseSpec np = factory.createNounPhrase(noun);
        if (specifier != null) {
            np.setSpecifier(specifier);
        }
        np.setPlural(plural);
        return np;
    }

    /** The noun phrases coordinated ("a, b and c"), the one phrase alone, or "nothing" when there is none. */
    public NLGElement list(List<? extends NLGElement> phrases) {
        if (phrases.isEmpty()) {
            return factory.createNounPhrase("nothing");
        }
        if (phrases.size() == 1) {
            return phrases.get(0);
        }
        CoordinatedPhraseElement c = factory.createCoordinatedPhrase();
        phrases.forEach(c::addCoordinate);
        return c;
    }

    /** A whole sentence: capitalised, punctuated by SimpleNLG (a full stop, or a question mark for a question). */
    public String sentence(NLGElement element) {
        return fix(realiser.realiseSentence(element));
    }

    /** A whole sentence ending in {@code end} ('.', '!' or '?') instead of SimpleNLG's own punctuation. */
    public String sentence(NLGElement element, char end) {
        String s = sentence(element);
        return s.endsWith("?") ? s : s.substring(0, s.length() - 1) + end;
    }

    /**
     * Two clauses joined by a conjunction with a comma ("I want 3 kiwis, and you get a banana"): SimpleNLG
     * coordinates clauses without the comma, which reads badly when the clauses hold coordinated baskets.
     */
    public String sentence(NLGElement first, String conjunction, NLGElement second, char end) {
        return capitalise(words(first) + ", " + conjunction + " " + words(second)) + end;
    }

    /** The words of an element, without capital or final punctuation (to embed it in a larger sentence). */
    public String words(NLGElement element) {
        return fix(realiser.realise(element).getRealisation()).trim();
    }

    /** Marks a clause as a question of the given modal ("could", "would"), optionally hedged with "perhaps". */
    public static SPhraseSpec ask(SPhraseSpec clause, String modal, boolean perhaps) {
        clause.setFeature(Feature.INTERROGATIVE_TYPE, simplenlg.features.InterrogativeType.YES_NO);
        if (modal != null) {
            clause.setFeature(Feature.MODAL, modal);
        }
        if (perhaps) {
            clause.addPreModifier("perhaps");
        }
        return clause;
    }

    /** Sets a modal ("will", "can", "would") on a clause. */
    public static SPhraseSpec modal(SPhraseSpec clause, String modal) {
        if (modal != null) {
            clause.setFeature(Feature.MODAL, modal);
        }
        return clause;
    }

    /** Negates a clause ("do not", "cannot"). */
    public static SPhraseSpec not(SPhraseSpec clause) {
        clause.setFeature(Feature.NEGATED, true);
        return clause;
    }

    /** Puts a cue phrase ("frankly,") in front of a clause; null or blank leaves the clause alone. */
    public static <E extends NLGElement> E cue(E element, String cue) {
        if (cue != null && !cue.isBlank()) {
            element.setFeature(Feature.CUE_PHRASE, cue);
        }
        return element;
    }

    /**
     * SimpleNLG's few orthographic gaps: a negated "can" comes out as "can not", a cue phrase ending in a colon is
     * followed by a space before the colon in some contexts, and double spaces can appear around canned text.
     */
    static String fix(String s) {
        return s.replace("can not ", "cannot ").replace(" :", ":").replace(" ,", ",").replaceAll(" {2,}", " ");
    }

    /** Joins sentences with single spaces. */
    public static String join(List<String> sentences) {
        return String.join(" ", sentences.stream().filter(x -> x != null && !x.isBlank()).toList());
    }

    /** Capitalises the first letter. */
    public static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** Words that keep their capital when a sentence that starts with them is embedded in another. */
    private static final List<String> PROPER = List.of("I", "Finland", "Oslo", "Paris", "London", "Europe", "America",
            "Britain", "England",
            "Prohibition-era", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday");

    /**
     * A full sentence made ready to be embedded after "that", a colon or a comma: its final full stop removed and
     * its first letter lower-cased (unless its first word is a name or "I", or an acronym).
     */
    public static String embed(String text) {
        String t = text.strip();
        while (!t.isEmpty() && (t.endsWith(".") || t.endsWith("!") || t.endsWith(";") || t.endsWith(","))) {
            t = t.substring(0, t.length() - 1).strip();
        }
        if (t.isEmpty()) {
            return t;
        }
        String first = t.split("[\\s,;:']", 2)[0];
        boolean acronym = first.length() > 1 && first.chars().allMatch(c -> Character.isUpperCase(c)
                || Character.isDigit(c));
        if (acronym || PROPER.contains(first)) {
            return t;
        }
        return Character.toLowerCase(t.charAt(0)) + t.substring(1);
    }

    /** Ends a text with a full stop unless it already ends in punctuation. */
    public static String stop(String text) {
        String t = text.strip();
        return t.endsWith(".") || t.endsWith("?") || t.endsWith("!") ? t : t + ".";
    }

    /** A deterministic choice among {@code n} options for a seed and a salt (the move and the tone). */
    public static int pick(long seed, String salt, int n) {
        if (n <= 1) {
            return 0;
        }
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L ^ salt.hashCode()).nextInt(n);
    }

    private static final String[] NUMBER_WORDS = {"zero", "one", "two", "three", "four", "five", "six", "seven",
        "eight", "nine", "ten", "eleven", "twelve"};

    /** A count in words ("three"), or in digits above twelve. */
    public static String numberWord(int n) {
        return n >= 0 && n < NUMBER_WORDS.length ? NUMBER_WORDS[n] : Integer.toString(n);
    }

    /** The number a word or digit string names ("a", "an", "one", "3", "three", "couple"), or -1. */
    public static int parseNumber(String token) {
        String t = token.toLowerCase(Locale.ROOT);
        if (t.matches("\\d{1,4}")) {
            return Integer.parseInt(t);
        }
        Integer n = NUMBERS.get(t);
        return n == null ? -1 : n;
    }

    private static final Map<String, Integer> NUMBERS = Map.ofEntries(Map.entry("a", 1), Map.entry("an", 1),
            Map.entry("one", 1), Map.entry("single", 1), Map.entry("two", 2), Map.entry("three", 3),
            Map.entry("four", 4), Map.entry("five", 5), Map.entry("six", 6), Map.entry("seven", 7),
            Map.entry("eight", 8), Map.entry("nine", 9), Map.entry("ten", 10), Map.entry("eleven", 11),
            Map.entry("twelve", 12), Map.entry("dozen", 12), Map.entry("couple", 2), Map.entry("pair", 2),
            Map.entry("both", 2));

    /** The regular expression alternative of every count word {@link #parseNumber} knows. */
    public static String numberPattern() {
        return "\\d{1,4}|a|an|one|single|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|couple"
                + "|pair|both";
    }
}
