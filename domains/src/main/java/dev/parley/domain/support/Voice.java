package dev.parley.domain.support;

import dev.parley.dialogue.Instruction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import simplenlg.framework.CoordinatedPhraseElement;
import simplenlg.phrasespec.SPhraseSpec;

/**
 * How a negotiation tone sounds in the offline words: its sentence form ({@link Mood}), the cue phrases that open
 * its main sentence and whether it exclaims. Every tone of {@link Temperaments} has its own cue phrases, so two
 * tones never word the same content alike; the baseline has none.
 *
 * @param name    the instruction name
 * @param mood    the sentence form
 * @param cues    the cue phrases one of which opens the main sentence (empty for the baseline)
 * @param exclaim whether the main sentence ends in an exclamation mark
 * @param closers closing sentences, one of which may follow the main sentence (empty for the baseline)
 * @param answerCues the cue phrases of an answer (an acceptance or a rejection), where {@code cues} would not
 *                fit ("here is a brilliant idea:" opens a proposal, not a refusal); empty to use {@code cues}
 */
public record Voice(String name, Mood mood, List<String> cues, boolean exclaim, List<String> closers,
                    List<String> answerCues) {

    /** The sentence forms. */
    public enum Mood {
        /** The baseline: plain statements. */
        PLAIN,
        /** Balanced statements: "I give you ... and you give me ...", "I suggest ...". */
        BALANCED,
        /** Firm declaratives: "I want ...", "I will not ...". */
        FIRM,
        /** Hedged questions: "Could you perhaps ...?". */
        HEDGED,
        /** Warm, keen wording: "Would you like ...?", "I would love to ...". */
        WARM
    }

    public Voice {
        cues = List.copyOf(cues);
        closers = List.copyOf(closers);
        answerCues = List.copyOf(answerCues);
    }

    /** The cue phrases of an answer. */
    public String answerCue(long seed, String salt) {
        List<String> from = answerCues.isEmpty() ? cues : answerCues;
        return from.isEmpty() ? null : from.get(Nlg.pick(seed, salt + "/cue/" + name, from.size()));
    }

    /** A closing sentence chosen by the seed, or null (the baseline never closes; other tones two times in three). */
    public String closer(long seed, String salt) {
        if (closers.isEmpty()) {
            return null;
        }
        int i = Nlg.pick(seed, salt + "/closer/" + name, closers.size() + 1);
        return i < closers.size() ? closers.get(i) : null;
    }

    /** One of this voice's cue phrases, chosen by the seed, or null for the baseline. */
    public String cue(long seed, String salt) {
        return cues.isEmpty() ? null : cues.get(Nlg.pick(seed, salt + "/cue/" + name, cues.size()));
    }

    /**
     * A refusal in this voice, as the fruit and the scheduling words both refuse: {@code declined} ("I give you
     * ...", "I meet on ...") made modal by the mood (firm "will not", hedged "could not really", warm "would
     * gladly", otherwise "cannot"), {@code cue} on it, then {@code reason}: "..., but ..." when warm, else
     * "... because ...". Changes {@code declined}.
     */
    public String refusal(Nlg k, SPhraseSpec declined, SPhraseSpec reason, String cue) {
        switch (mood) {
            case FIRM -> Nlg.not(Nlg.modal(declined, "will"));
            case HEDGED -> {
                Nlg.not(Nlg.modal(declined, "could"));
                declined.addPreModifier("really");
            }
            case WARM -> {
                Nlg.modal(declined, "would");
                declined.addPreModifier("gladly");
            }
            default -> Nlg.not(Nlg.modal(declined, "can"));
        }
        Nlg.cue(declined, cue);
        if (mood == Mood.WARM) {
            return k.sentence(declined, "but", reason, exclaim ? '!' : '.');
        }
        CoordinatedPhraseElement c = k.factory().createCoordinatedPhrase(declined, reason);
        c.setConjunction("because");
        return exclaim ? k.sentence(c, '!') : k.sentence(c);
    }

    private static final Voice BASELINE = new Voice(Instruction.ANY.name(), Mood.PLAIN, List.of(), false,
            List.of(), List.of());

    private static final Map<String, Voice> BY_NAME = new LinkedHashMap<>();

    private static void v(String name, Mood mood, boolean exclaim, List<String> cues, String... closers) {
        BY_NAME.put(name, new Voice(name, mood, cues, exclaim, List.of(closers), List.of()));
    }

    private static void answers(String name, String... cues) {
        Voice v = BY_NAME.get(name);
        BY_NAME.put(name, new Voice(name, v.mood(), v.cues(), v.exclaim(), v.closers(), List.of(cues)));
    }

    static {
        v("calm", Mood.BALANCED, false, List.of("all things considered,", "to keep things simple,"),
                "I think that is fair to us both.", "Take your time to think it over.");
        v("assertive", Mood.FIRM, false, List.of("frankly,", "let me be clear:"),
                "That is my position.", "I will not settle for less.");
        v("submissive", Mood.HEDGED, false, List.of("if it is not too much trouble,", "if you do not mind,"),
                "Only if it suits you, of course.", "I will go along with whatever you prefer.");
        v("angry", Mood.FIRM, true, List.of("look,", "enough of this:"),
                "I am losing my patience.", "Do not waste my time.");
        v("relaxed", Mood.BALANCED, false, List.of("no rush, but", "whenever you are ready,"),
                "No pressure either way.", "It is all good with me.");
        v("enthusiastic", Mood.WARM, true, List.of("great news:", "here is a brilliant idea:"),
                "This is going to be great!", "I am really excited about this!");
        v("happy", Mood.WARM, false, List.of("happily,", "with pleasure,"),
                "This makes me very happy.", "What a lovely way to settle it.");
        v("aggressive", Mood.FIRM, false, List.of("listen,", "here is how this goes:"),
                "Take it or leave it.", "There is nothing more to discuss.");
        v("friendly", Mood.WARM, false, List.of("my friend,", "between friends,"),
                "I hope it works for you too.", "It is always nice to deal with you.");
        v("sad", Mood.HEDGED, false, List.of("sadly,", "with a heavy heart,"),
                "It is the best I can do, I am afraid.", "I had hoped for more.");
        v("polite", Mood.HEDGED, false, List.of("if you would be so kind,", "with respect,"),
                "Thank you for considering it.", "Thank you very much.");
        v("sarcastic", Mood.FIRM, false, List.of("what a surprise,", "oh, wonderful,"),
                "What a bargain, right?", "That is truly the deal of the century.");
        v("confident", Mood.FIRM, false, List.of("I know what this is worth:", "believe me,"),
                "It is a good deal, and we both know it.", "You will not find better.");
        v("apologetic", Mood.HEDGED, false, List.of("I am sorry to ask, but", "forgive me, but"),
                "Sorry if that is too much.", "I apologise for the trouble.");
        v("curious", Mood.WARM, false, List.of("I wonder:", "out of interest,"),
                "What matters most to you?", "What would make this work for you?");
        v("formal", Mood.BALANCED, false, List.of("for the record,", "formally,"),
                "I await your reply.", "Kindly let me know your decision.");
        v("sceptical", Mood.FIRM, false, List.of("unless I am mistaken,", "I doubt there is better, so"),
                "Is that really too much to ask?", "I am not convinced you can do better.");
        answers("submissive", "if I may say so,", "if I may,");
        answers("relaxed", "well,", "to be honest,");
        answers("enthusiastic", "oh,", "wow,");
        answers("happy", "cheerfully,", "with a smile,");
        answers("polite", "with respect,", "with all due respect,");
        answers("apologetic", "sorry for the wait:", "forgive me for the delay:");
        answers("curious", "I see:", "interesting:");
        answers("sceptical", "unless I am mistaken,", "on closer inspection,");
        BY_NAME.put(BASELINE.name(), BASELINE);
    }

    /** The voice of an instruction; an instruction outside the lexicon sounds like the baseline. */
    public static Voice of(Instruction instruction) {
        return BY_NAME.getOrDefault(instruction.name(), BASELINE);
    }

    /** Whether an instruction has a voice of its own (the tone lexicon and the baseline). */
    public static boolean known(Instruction instruction) {
        return BY_NAME.containsKey(instruction.name());
    }
}
