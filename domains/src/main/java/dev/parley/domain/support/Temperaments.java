package dev.parley.domain.support;

import dev.parley.dialogue.Instruction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tone lexicon shared by the two negotiation domains. The three tones of the paper (calm, assertive,
 * submissive) come first; the rest is the larger lexicon prompt-space PSRO draws from offline (the paper's oracle
 * proposed angry, relaxed and enthusiastic, among others). The baseline {@code any} has its own middle-of-the-road
 * numbers, deliberately different from every tone.
 */
public final class Temperaments {

    /** The baseline: opens fairly high, concedes steadily, accepts at 70% of its current demand. */
    public static final Temperament BASELINE = new Temperament(Instruction.ANY.name(), "", 0.9, 0.3, 0.7);

    private static final List<Temperament> LEXICON = List.of(
            new Temperament("calm", "Respond in a calm, balanced tone.", 0.7, 0.2, 0.8),
            new Temperament("assertive", "Respond in an assertive tone: state firmly what you want.", 1.2, 0.1, 1.0),
            new Temperament("submissive", "Respond in a submissive tone: defer to the other side.", 0.3, 0.3, 0.5),
            new Temperament("angry", "Respond in an angry tone: show that you are annoyed.", 1.5, 0.05, 1.2),
            new Temperament("relaxed", "Respond in a relaxed, easy-going tone.", 0.6, 0.15, 0.6),
            new Temperament("enthusiastic", "Respond in an enthusiastic tone, keen to make a deal.", 0.8, 0.25, 0.6),
            new Temperament("sceptical", "Respond in a sceptical tone: question whether the deal is good enough.",
                    1.0, 0.1, 1.1),
            new Temperament("friendly", "Respond in a friendly, warm tone.", 0.5, 0.25, 0.6),
            new Temperament("stubborn", "Respond in a stubborn tone: do not give ground.", 1.3, 0.0, 1.0),
            new Temperament("generous", "Respond in a generous tone: offer the other side a good deal.",
                    0.2, 0.2, 0.3),
            new Temperament("patient", "Respond in a patient tone: there is no hurry.", 0.9, 0.1, 0.9),
            new Temperament("impatient", "Respond in an impatient tone: you want this settled now.", 0.6, 0.4, 0.5),
            new Temperament("diplomatic", "Respond in a diplomatic tone, looking for common ground.", 0.7, 0.25, 0.7),
            new Temperament("anxious", "Respond in an anxious tone: you worry the deal will fall through.",
                    0.4, 0.35, 0.4),
            new Temperament("formal", "Respond in a formal, businesslike tone.", 0.8, 0.15, 0.8));

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
