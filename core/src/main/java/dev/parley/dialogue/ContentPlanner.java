package dev.parley.dialogue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides the structured content of a move for the speaker: which trade to offer, which day to propose, which
 * argument to use. The instruction shapes it (an assertive trader asks for more; an ethos debater picks an argument
 * from authority), so that instructions change outcomes offline as they do with a language model.
 * Deterministic: the same inputs give the same content.
 */
@FunctionalInterface
public interface ContentPlanner {

    /**
     * @param scenario    the scenario (the planner must only read the speaker's own private information)
     * @param speaker     the player to move
     * @param transcript  the public transcript so far
     * @param moveId      the DGDL interaction chosen
     * @param instruction the solver's instruction
     * @return the content, e.g. {@code {"give": "banana:1", "get": "blueberry:2"}}; empty when the move has none
     */
    Map<String, String> plan(Scenario scenario, int speaker, List<Message> transcript, String moveId,
                             Instruction instruction);

    /**
     * The move this speaker would pick by itself under {@code instruction}, as an unguided language model decides
     * whether to accept an offer: for instance accept when the offer on the table is worth accepting by the
     * speaker's own valuation and tone, otherwise counter. Game actions choose the move explicitly; this is for
     * agents whose move is not chosen by a solver (the baseline, prompt-space PSRO simulations). Reads only the
     * speaker's own private information and the public transcript.
     *
     * @param legalMoveIds the moves the protocol allows now (not empty)
     * @return one of {@code legalMoveIds}, or empty when the planner has no preference (the caller decides)
     */
    default Optional<String> chooseMove(Scenario scenario, int speaker, List<Message> transcript,
                                        List<String> legalMoveIds, Instruction instruction) {
        return Optional.empty();
    }
}
