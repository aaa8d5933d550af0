package dev.parley.game;

/**
 * One outcome of a chance node: the action that selects it and its probability.
 *
 * @param action      the action id passed to {@link State#child(int)}
 * @param probability in [0, 1]; the outcomes of a chance node sum to 1
 */
public record ChanceOutcome(int action, double probability) {

    public ChanceOutcome {
        if (!(probability >= 0.0 && probability <= 1.0)) {
            throw new IllegalArgumentException("chance probability must lie in [0, 1], got " + probability);
        }
    }
}
