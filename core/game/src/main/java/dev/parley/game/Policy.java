package dev.parley.game;

/** A behaviour policy: for an information state, a probability for each legal action. */
public interface Policy {

    /**
     * The probabilities of {@code legalActions} (ascending action ids) at the infoset {@code infosetKey}.
     * The result is a fresh array aligned with {@code legalActions} and sums to 1.
     */
    double[] actionProbabilities(String infosetKey, int[] legalActions);

    /** The policy at a decision state. */
    default double[] actionProbabilities(State state) {
        return actionProbabilities(state.infoStateKey(state.currentPlayer()), state.legalActions());
    }
}
