package dev.parley.dialogue;

import java.util.List;

/**
 * The port through which a move gets its content and its words: a language model answering one structured request
 * ({@link LlmMoveGenerator}), or offline the domain's planner and realiser ({@link OfflineMoveGenerator}). Either way
 * the answer passes the same {@link MoveVerifier} before it is returned, so no infeasible content and no words that
 * contradict it ever reach a transcript. Thread-safe; deterministic for a seed when the backend is (or is cached).
 */
public interface MoveGenerator {

    /**
     * The verified content and words of {@code request}'s move.
     *
     * @param seed the sampling seed (a chance outcome in a dialogue game)
     * @throws GenerationException when no acceptable answer could be had within the attempts allowed
     */
    Utterance generate(MoveRequest request, long seed);

    /**
     * The move the speaker picks by itself under {@code instruction} (the instruction action space: the solver
     * gives only the instruction). Deterministic for a seed.
     *
     * @param legalMoveIds not empty, in protocol order
     */
    String chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction,
                      dev.parley.preface.Dcrs situation, long seed);

    /** The label on every output, e.g. "offline-realiser" or "openai:gpt-4o-mini". */
    String backend();
}
