package dev.parley.dialogue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The offline content model: decides the typed content of a move for the speaker (which trade to offer, which day
 * to propose, which argument to make), as a language model does online. The instruction shapes it (an assertive
 * trader asks for more; an ethos debater picks an argument from authority), so that instructions change outcomes
 * offline as they do with a model. Deterministic; reads only the speaker's own private information and the public
 * transcript.
 */
public interface ContentPlanner {

    /**
     * The content of {@code moveId}: one entry per content variable of the protocol interaction, valid against the
     * domain's {@link ContentRules#schema} (see {@link Contents} for the value types).
     */
    Map<String, Object> plan(MoveContext context, String moveId, Instruction instruction);

    /**
     * The move this speaker would pick by itself under {@code instruction}, as an unguided language model decides
     * whether to accept an offer. Game actions choose the move explicitly in the move × instruction action space;
     * this decides it in the instruction action space, for the baseline and for prompt-space strategies.
     *
     * @param legalMoveIds the moves the protocol allows now (not empty)
     * @return one of {@code legalMoveIds}, or empty when the planner has no preference (the caller decides)
     */
    default Optional<String> chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction) {
        return Optional.empty();
    }
}
