package dev.parley.experiment;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.llm.RunStats;

/** Where a run's words and payoffs come from: the offline planner and realiser, or an open language model. */
public interface Backend {

    /** Whether no model is used (the words are the realiser's, the account is the game's own). */
    boolean offline();

    /** The move generator of {@code domain}'s games. */
    MoveGenerator moves(Domain domain);

    /** {@code judge}'s reward model for {@code domain}, its sampling seeded with {@code seed}. */
    RewardModel reward(Domain domain, Judge judge, long seed);

    /** The model's call account so far (read only with a model). */
    RunStats stats();
}
