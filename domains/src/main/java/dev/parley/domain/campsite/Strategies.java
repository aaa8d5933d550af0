package dev.parley.domain.campsite;

import dev.parley.dialogue.Instruction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CaSiNo's strategy labels and the grouping the campsite domain steers with. The annotators used nine strategies
 * and {@code non-strategic}; the CaSiNo paper groups the nine by whether they serve both sides (prosocial) or the
 * speaker (proself), and whether they are about the items' preferences or generic. Those four groups are the
 * instruction set (plus the baseline {@code any}, which stands for non-strategic talk); the nine labels and the
 * four groups are the larger lexicon.
 */
public final class Strategies {

    public static final String PROSOCIAL_GENERIC = "prosocial-generic";
    public static final String PROSOCIAL_PREFERENCE = "prosocial-preference";
    public static final String PROSELF_GENERIC = "proself-generic";
    public static final String PROSELF_PREFERENCE = "proself-preference";
    public static final String NON_STRATEGIC = "non-strategic";

    /** The ten annotation labels, in a fixed order (the nine strategies, then non-strategic). */
    public static final List<String> LABELS = List.of("small-talk", "showing-empathy", "promote-coordination",
            "no-need", "elicit-pref", "uv-part", "vouch-fair", "self-need", "other-need", NON_STRATEGIC);

    private static final Map<String, String> GROUP = new LinkedHashMap<>();

    static {
        GROUP.put("small-talk", PROSOCIAL_GENERIC);
        GROUP.put("showing-empathy", PROSOCIAL_GENERIC);
        GROUP.put("promote-coordination", PROSOCIAL_GENERIC);
        GROUP.put("no-need", PROSOCIAL_PREFERENCE);
        GROUP.put("elicit-pref", PROSOCIAL_PREFERENCE);
        GROUP.put("uv-part", PROSELF_GENERIC);
        GROUP.put("vouch-fair", PROSELF_GENERIC);
        GROUP.put("self-need", PROSELF_PREFERENCE);
        GROUP.put("other-need", PROSELF_PREFERENCE);
        GROUP.put(NON_STRATEGIC, Instruction.ANY.name());
    }

    private static final List<Instruction> GROUPS = List.of(
            new Instruction(PROSOCIAL_GENERIC, "Build rapport: small talk, empathy with the other camper's needs, "
                    + "and an invitation to work out a deal together."),
            new Instruction(PROSOCIAL_PREFERENCE, "Talk about preferences cooperatively: say which item you need "
                    + "least and ask which item the other camper needs most."),
            new Instruction(PROSELF_GENERIC, "Argue for yourself without naming needs: appeal to fairness, or "
                    + "suggest the other camper does not need so much."),
            new Instruction(PROSELF_PREFERENCE, "Argue from needs: say which item you need most and why, using "
                    + "your own reasons."),
            Instruction.ANY);

    private static final List<Instruction> LEXICON = List.of(
            new Instruction("small-talk", "Make small talk about the camping trip."),
            new Instruction("showing-empathy", "Show empathy with the other camper's situation."),
            new Instruction("promote-coordination", "Propose working together towards a deal good for both."),
            new Instruction("no-need", "Say which item you do not need much, and why."),
            new Instruction("elicit-pref", "Ask which items the other camper needs most."),
            new Instruction("uv-part", "Suggest the other camper does not really need the item you want."),
            new Instruction("vouch-fair", "Appeal to fairness."),
            new Instruction("self-need", "Say which item you need most, and why."),
            new Instruction("other-need", "Say which item the people camping with you need, and why."));

    private Strategies() {
    }

    /** Whether a label is one of CaSiNo's ten. */
    public static boolean known(String label) {
        return GROUP.containsKey(label);
    }

    /** The instruction (group) name of a label; {@code any} for non-strategic. */
    public static String group(String label) {
        String g = GROUP.get(label);
        if (g == null) {
            throw new IllegalArgumentException("unknown CaSiNo strategy label '" + label + "' (known: " + LABELS
                    + ")");
        }
        return g;
    }

    /** The instruction set: the four groups, then the baseline. */
    public static List<Instruction> instructions() {
        return GROUPS;
    }

    /** The nine strategies and the four groups as instructions (prompt-space PSRO's lexicon). */
    public static List<Instruction> lexicon() {
        List<Instruction> all = new java.util.ArrayList<>(LEXICON);
        all.addAll(GROUPS.subList(0, GROUPS.size() - 1));
        return List.copyOf(all);
    }
}
