package dev.parley.psro;

import dev.parley.game.Policy;
import java.util.List;
import java.util.Random;

/** Estimates what each player gets when every player follows its own policy (one entry of the meta-game). */
public interface ProfileEvaluator {

    /** @param profile one policy per player */
    Evaluation evaluate(List<Policy> profile, Random rng);
}
