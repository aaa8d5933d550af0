package dev.parley.domain.support;

import dev.parley.dialogue.Instruction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tone lexicon shared by the two negotiation domains. The three tones of the paper (calm, assertive,
 * submissive) come first; the rest is the larger lexicon prompt-space PSRO draws from offline (the paper's oracle
 * proposed angry, relaxed and enthusiastic, among others); the names match the offline realiser's tone lexicon
 * ({@code dev.parley.llm.InstructionLexicon}, all but sceptical), so offline a tone changes both the content and
 * the words. The baseline {@code any} has its own middle-of-the-road numbers, deliberately different from every tone.
 */
public final class Temperaments {

    /** The baseline: opens fairly high, concedes steadily, accepts at 70% of its current demand. */
    public static final Temperament BASELINE = new Temperament(Instruction.ANY.name(), "", 0.9, 0.3, 0.7);

    private static final List<Temperament> LEXICON = List.of(
            t("calm", "Respond in a calm, balanced tone.", 0.7, 0.2, 0.8),
            t("assertive", "Respond in an assertive tone: state firmly what you want.", 1.2, 0.1, 1.0),
            t("submissive", "Respond in a submissive tone: defer to the other side.", 0.3, 0.3, 0.5),
            t("angry", "Respond in an angry tone: show that you are annoyed.", 1.5, 0.05, 1.2),
            t("relaxed", "Respond in a relaxed, easy-going tone.", 0.6, 0.15, 0.6),
            t("enthusiastic", "Respond in an enthusiastic tone, keen to make a deal.", 0.8, 0.25, 0.6),
            t("happy", "Respond in a happy, cheerful tone.", 0.6, 0.2, 0.7),
            t("aggressive", "Respond in an aggressive tone: push hard for what you want.", 1.4, 0.1, 1.1),
            t("friendly", "Respond in a friendly, warm tone.", 0.5, 0.25, 0.6),
            t("sad", "Respond in a sad, downcast tone.", 0.4, 0.2, 0.6),
            t("polite", "Respond in a polite, courteous tone.", 0.6, 0.2, 0.8),
            t("sarcastic", "Respond in a sarcastic tone.", 1.1, 0.1, 0.9),
            t("confident", "Respond in a confident tone: you know what this is worth.", 1.0, 0.15, 0.9),
            t("apologetic", "Respond in an apologetic tone.", 0.3, 0.25, 0.4),
            t("curious", "Respond in a curious tone, asking what the other side needs.", 0.8, 0.2, 0.7),
            t("formal", "Respond in a formal, businesslike tone.", 0.8, 0.15, 0.8),
            t("sceptical", "Respond in a sceptical tone: question whether the deal is good enough.", 1.0, 0.1, 1.1));

    private static Temperament t(String name, String guidance, double demand, double concession, double share) {
        return new Temperament(name, guidance, demand, concession, share);
    }

    private static final Map<String, Temperament> BY_NAME = new LinkedHashMap<>();

    static {
        for (Temperament t : LEXICON) {
            BY_NAME.put(t.name(), t);
        }
        BY_NAME.put(BASELINE.name(), BASELINE);
    }

    private Temperaments() {
    }

    /** The paper's three tones followed by the baseline: the default instruction set. */
    public static List<Instruction> paperTones() {
        return List.of(get("calm").instruction(), get("assertive").instruction(), get("submissive").instruction(),
                Instruction.ANY);
    }

    /** Every tone of the lexicon (the baseline excluded), with its guidance. */
    public static List<Temperament> lexicon() {
        return LEXICON;
    }

    /** The lexicon as instructions. */
    public static List<Instruction> lexiconInstructions() {
        return LEXICON.stream().map(Temperament::instruction).toList();
    }

    /** The temperament of a tone name. */
    public static Temperament get(String name) {
        Temperament t = BY_NAME.get(name);
        if (t == null) {
            throw new IllegalArgumentException("unknown tone '" + name + "' (known: " + BY_NAME.keySet() + ")");
        }
        return t;
    }

    /**
     * The temperament an instruction stands for; an instruction outside the lexicon (one a language model invented
     * during PSRO) behaves offline like the baseline, since offline there is no model to interpret it.
     */
    public static Temperament of(Instruction instruction) {
        return BY_NAME.getOrDefault(instruction.name(), BASELINE);
    }
}
