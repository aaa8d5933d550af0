package dev.parley.psro.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Instruction;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LexiconProposerTest {

    private static final Instruction A = new Instruction("a", "A.");
    private static final Instruction B = new Instruction("b", "B.");
    private static final Instruction C = new Instruction("c", "C.");
    private static final Instruction D = new Instruction("d", "D.");

    @Test
    void drawsUnusedEntriesWithoutReplacementAndNeverTheBaseline() {
        LexiconProposer p = new LexiconProposer(List.of(A, B, Instruction.ANY, C, D, B));
        for (int seed = 0; seed < 20; seed++) {
            List<Instruction> drawn = p.propose(0, List.of(B), 2, new Random(seed));
            assertThat(drawn).hasSize(2).doesNotHaveDuplicates().doesNotContain(B, Instruction.ANY)
                    .isSubsetOf(A, C, D);
        }
        assertThat(p.propose(0, List.of(A), 10, new Random(1))).containsExactlyInAnyOrder(B, C, D);
        assertThat(p.propose(0, List.of(A, B, C, D), 3, new Random(1))).isEmpty();
    }

    @Test
    void theSeedDecidesTheDraw() {
        LexiconProposer p = new LexiconProposer(List.of(A, B, C, D));
        assertThat(p.propose(1, List.of(), 2, new Random(5))).isEqualTo(p.propose(1, List.of(), 2, new Random(5)));
        boolean differs = false;
        List<Instruction> first = p.propose(1, List.of(), 2, new Random(0));
        for (int seed = 1; seed < 10 && !differs; seed++) {
            differs = !p.propose(1, List.of(), 2, new Random(seed)).equals(first);
        }
        assertThat(differs).as("some seed draws another pair").isTrue();
    }
}
