package dev.parley.psro.prompt;

import dev.parley.dialogue.Instruction;
import java.util.List;
import java.util.Random;

/**
 * Prompt-space PSRO's generator: proposes instructions a player does not follow yet. Offline it draws from the
 * domain's lexicon ({@link LexiconProposer}); with a language model it asks the model to continue the list
 * ({@link LlmInstructionProposer}), as the chat-game PSRO of Gemp et al. (2024) does.
 */
public interface InstructionProposer {

    /**
     * Up to {@code count} new instructions for {@code player}: distinct by name, none named like a member of
     * {@code population}, never the baseline {@code any}. Fewer (or none) when no new instruction can be had.
     *
     * @param rng the run's random source (the only randomness a proposer may use, so that runs repeat)
     */
    List<Instruction> propose(int player, List<Instruction> population, int count, Random rng);

    /** What proposes, for reports: {@code lexicon} or the model's label. */
    String backend();
}
