package dev.parley.preface;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Builds the DCRS of one dialogue move from plain values: what a dialogue game hands PrEFACE. The history is the
 * public words so far, the knowledge the speaker's own private information (a model decides the content from it),
 * the response the move with its opener and reply template, and the solver's guidance as the instruction.
 */
public final class MoveDcrs {

    private MoveDcrs() {
    }

    /**
     * @param stance   "support", "oppose", "neutral" or empty (anything else reads as neutral)
     * @param opener   the move's opener; when blank, the content variables make the scaffold ("$p")
     * @param guidance the instruction's words, or empty for an unguided move
     */
    public static Dcrs of(String topic, String stance, List<Dcrs.Utterance> history, String moveId, String opener,
                          Map<String, String> reply, String guidance, List<String> knowledge) {
        return new Dcrs(new Dcrs.Metadata("dcrs", Dcrs.VERSION_1_1), new Dcrs.History(history),
                new Dcrs.Topic(topic, stance(stance)),
                new Dcrs.Response(moveId, null, opener(opener, reply), List.of(), List.of(),
                        guidance == null || guidance.isBlank() ? null : guidance, reply),
                new Dcrs.Knowledge("private", knowledge));
    }

    private static String opener(String opener, Map<String, String> reply) {
        if (opener != null && !opener.isBlank()) {
            return opener;
        }
        StringBuilder sb = new StringBuilder();
        for (String v : reply.keySet()) {
            sb.append(sb.length() == 0 ? "" : " ").append('$').append(v);
        }
        return sb.length() == 0 ? "$response" : sb.toString();
    }

    private static Stance stance(String s) {
        if (s == null || s.isBlank()) {
            return Stance.NEUTRAL;
        }
        try {
            return Stance.parse(s.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return Stance.NEUTRAL;
        }
    }
}
