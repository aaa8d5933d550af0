package dev.parley.domain.support;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import java.util.ArrayList;
import java.util.List;

/** The instructions the planner tests run through: the domain's whole lexicon, then the baseline. */
public final class LexiconAndBaseline {

    private LexiconAndBaseline() {
    }

    /** Every instruction of {@code domain}'s lexicon in its order, then {@link Instruction#ANY}. */
    public static List<Instruction> of(Domain domain) {
        List<Instruction> all = new ArrayList<>(domain.instructionLexicon());
        all.add(Instruction.ANY);
        return List.copyOf(all);
    }
}
