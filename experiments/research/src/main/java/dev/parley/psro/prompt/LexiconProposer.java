package dev.parley.psro.prompt;

import dev.parley.dialogue.Instruction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The offline proposer: a seeded draw, without replacement, of lexicon entries the player does not follow yet.
 * An entry proposed before but not chosen may be drawn again later, since the meta-strategy it would answer has
 * changed.
 */
public final class LexiconProposer implements InstructionProposer {

    private final List<Instruction> lexicon;

    /** @param lexicon the domain's {@code instructionLexicon()} */
    public LexiconProposer(List<Instruction> lexicon) {
        this.lexicon = List.copyOf(lexicon);
    }

    @Override
    public List<Instruction> propose(int player, List<Instruction> population, int count, Random rng) {
        Set<String> used = new HashSet<>();
        population.forEach(i -> used.add(i.name()));
        List<Instruction> unused = new ArrayList<>();
        for (Instruction i : lexicon) {
            if (!i.isBaseline() && used.add(i.name())) { // add() also drops repeated lexicon names
                unused.add(i);
            }
        }
        Collections.shuffle(unused, rng);
        return List.copyOf(unused.subList(0, Math.min(count, unused.size())));
    }

    @Override
    public String backend() {
        return "lexicon";
    }
}
