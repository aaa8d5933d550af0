package dev.parley.llm;

import dev.parley.preface.AnswerFormat;
import dev.parley.preface.AnswerVerifier;
import dev.parley.preface.Dcrs;
import dev.parley.preface.FilledMove;
import dev.parley.preface.Prompt;
import dev.parley.preface.PromptBuilder;
import dev.parley.preface.Scaffold;
import dev.parley.preface.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The offline backend: no network, no model. It fills the scaffold (or opener) with a clause taken from the DCRS's
 * knowledge (one or two items), or from the topic and stance when there is none, wrapped in the opening and closing
 * phrases of the instruction's {@link InstructionLexicon}. The same DCRS and seed always give the same words;
 * another seed picks other knowledge and phrasing. Answers pass the same {@link AnswerVerifier} as a model's, and no
 * {@code $} ever survives: amounts like "$5" become "5 dollars". Every output is labelled {@value #BACKEND}.
 *
 * <p>This is a realiser, not a language model: it makes dialogue games runnable and testable anywhere, and it
 * makes instructions change the words (so that a solver's choice matters), but it does not reason.
 */
public final class OfflineRealiser implements UtteranceGenerator {

    public static final String BACKEND = "offline-realiser";
    private static final int ATTEMPTS = 8;

    private final AnswerVerifier verifier;

    public OfflineRealiser(AnswerVerifier verifier) {
        this.verifier = verifier;
    }

    public OfflineRealiser() {
        this(AnswerVerifier.defaults());
    }

    @Override
    public String backend() {
        return BACKEND;
    }

    @Override
    public Generation generate(Dcrs dcrs, long seed) {
        Prompt prompt = PromptBuilder.build(dcrs, AnswerFormat.TEXT);
        InstructionLexicon lex = InstructionLexicon.of(dcrs.response().instruction());
        List<String> clauses = groundClauses(dcrs);
        SplittableRandom rng = new SplittableRandom(seed ^ 0x5DEECE66DL * dcrs.response().moveName().hashCode());
        List<String> tried = new ArrayList<>();
        List<String> rejections = new ArrayList<>();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            String answer = realise(lex, clauses, rng, attempt > 1);
            tried.add(answer);
            Verdict v = verifier.check(answer, prompt, dcrs);
            if (v.accepted()) {
                FilledMove move = FilledMove.of(dcrs, prompt.scaffold(), answer, null, BACKEND);
                return new Generation(move, prompt, attempt, tried, rejections, 0);
            }
            rejections.add(v.reason().orElseThrow());
        }
        throw new LlmException(BACKEND + " found no acceptable words for the " + dcrs.response().moveName()
                + " move from its knowledge; last rejection: " + rejections.get(rejections.size() - 1));
    }

    private String realise(InstructionLexicon lex, List<String> clauses, SplittableRandom rng, boolean shorter) {
        String opening = lex.openings().get(rng.nextInt(lex.openings().size()));
        String closing = lex.closings().get(rng.nextInt(lex.closings().size()));
        int first = rng.nextInt(clauses.size());
        String clause = clauses.get(first);
        if (!shorter && clauses.size() > 1 && rng.nextBoolean()) {
            String second = clauses.get((first + 1 + rng.nextInt(clauses.size() - 1)) % clauses.size());
            clause = clause + ", and " + second;
        }
        String text = opening + clause + closing;
        if (text.length() > verifier.maxChars()) {
            text = clause.length() <= verifier.maxChars() ? clause : cut(clause, verifier.maxChars());
        }
        return text;
    }

    /** Clauses the realiser may assert: the knowledge items, or the topic under the agent's stance. */
    static List<String> groundClauses(Dcrs dcrs) {
        List<String> out = new ArrayList<>();
        for (String k : dcrs.knowledge().content()) {
            String c = clause(k);
            if (!c.isEmpty()) {
                out.add(c);
            }
        }
        if (out.isEmpty()) {
            String topic = clause(dcrs.topic().description());
            out.add(switch (dcrs.topic().stance()) {
                case SUPPORT -> topic;
                case OPPOSE -> "it is not true that " + topic;
                case NEUTRAL -> "there is something to be said on both sides of whether " + topic;
            });
        }
        return out;
    }

    /**
     * A knowledge item as a clause: no $ signs, no final full stop, the first letter lower-cased unless the first
     * word is an acronym or "I" (a proper noun at the start is lower-cased too: the realiser has no lexicon of names).
     */
    static String clause(String text) {
        String s = Scaffold.withoutDollars(text).strip();
        s = s.replaceAll("[.!]+$", "").replaceAll("\\s+", " ");
        if (s.isEmpty()) {
            return s;
        }
        String firstWord = s.split(" ", 2)[0];
        boolean keepCase = firstWord.length() > 1 && (firstWord.equals(firstWord.toUpperCase(Locale.ROOT))
                || Character.isUpperCase(firstWord.charAt(1)) || firstWord.equals("I"));
        return keepCase ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private static String cut(String s, int max) {
        int at = s.lastIndexOf(' ', max);
        return s.substring(0, at > 0 ? at : max).strip();
    }
}
