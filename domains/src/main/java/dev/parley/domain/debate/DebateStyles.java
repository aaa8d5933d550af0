package dev.parley.domain.debate;

import static dev.parley.domain.debate.Style.ETHOS;
import static dev.parley.domain.debate.Style.LOGOS;
import static dev.parley.domain.debate.Style.PATHOS;

import dev.parley.dialogue.Instruction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The debate instructions: the paper's logos, pathos and ethos, and a larger lexicon for prompt-space PSRO. Each has
 * a distinct offline effect (a style order and a rebuttal preference, {@link DebateStyle}); the baseline
 * {@code any} has none of them: it takes arguments and rebuttals in bank order.
 */
public final class DebateStyles {

    private static final List<DebateStyle> LEXICON = List.of(
            s("logos", "Use logos: appeal to reason, evidence and consequences.", true, LOGOS, ETHOS, PATHOS),
            s("pathos", "Use pathos: appeal to the audience's emotions, hopes and fears.", true, PATHOS, LOGOS,
                    ETHOS),
            s("ethos", "Use ethos: appeal to credibility, expertise and authority.", true, ETHOS, PATHOS, LOGOS),
            s("statistical", "Argue with figures and studies; answer the other side's first points first.", false,
                    LOGOS, PATHOS, ETHOS),
            s("emotional", "Argue emotionally, with people and their stories.", true, PATHOS, ETHOS, LOGOS),
            s("authoritative", "Argue with authority, citing experts and institutions.", true, ETHOS, LOGOS,
                    PATHOS),
            s("sceptical", "Argue sceptically: probe the other side's earliest claims for weak evidence.", false,
                    LOGOS, ETHOS, PATHOS),
            s("anecdotal", "Argue through anecdotes and everyday examples; go back to where the debate began.",
                    false, PATHOS, LOGOS, ETHOS),
            s("moral", "Argue from principle and moral standing.", false, ETHOS, PATHOS, LOGOS),
            s("angry", "Argue angrily and forcefully.", false, PATHOS, ETHOS, LOGOS),
            s("calm", "Argue calmly and methodically, answering the latest point.", true, LOGOS, PATHOS, ETHOS),
            s("formal", "Argue formally, as in a parliamentary debate, answering points in order.", false, ETHOS,
                    LOGOS, PATHOS));

    private static final Map<String, DebateStyle> BY_NAME = new LinkedHashMap<>();

    static {
        for (DebateStyle d : LEXICON) {
            BY_NAME.put(d.name(), d);
        }
    }

    private DebateStyles() {
    }

    private static DebateStyle s(String name, String guidance, boolean latestFirst, Style... order) {
        return new DebateStyle(name, guidance, List.of(order), latestFirst);
    }

    /** logos, pathos, ethos, any: the paper's instruction set. */
    public static List<Instruction> paperStyles() {
        return List.of(LEXICON.get(0).instruction(), LEXICON.get(1).instruction(), LEXICON.get(2).instruction(),
                Instruction.ANY);
    }

    public static List<DebateStyle> lexicon() {
        return LEXICON;
    }

    public static List<Instruction> lexiconInstructions() {
        return LEXICON.stream().map(DebateStyle::instruction).toList();
    }

    /**
     * The style an instruction stands for; empty for the baseline and for instructions outside the lexicon, which
     * offline take arguments in bank order like the baseline.
     */
    public static Optional<DebateStyle> of(Instruction instruction) {
        return Optional.ofNullable(BY_NAME.get(instruction.name()));
    }

    public static DebateStyle get(String name) {
        DebateStyle d = BY_NAME.get(name);
        if (d == null) {
            throw new IllegalArgumentException("unknown debate style '" + name + "' (known: " + BY_NAME.keySet()
                    + ")");
        }
        return d;
    }
}
