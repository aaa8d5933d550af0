package dev.parley.dialogue;

import java.util.List;
import java.util.Map;

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
}
