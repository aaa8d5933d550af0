package dev.parley.game;

import java.util.List;

/** A state that forwards everything, for tests that break one method. */
class DelegatingState implements State {
    private final State inner;

    DelegatingState(State inner) {
        this.inner = inner;
    }

    @Override
    public int currentPlayer() {
        return inner.currentPlayer();
    }

    @Override
    public int[] legalActions() {
        return inner.legalActions();
    }

    @Override
    public List<ChanceOutcome> chanceOutcomes() {
        return inner.chanceOutcomes();
    }

    @Override
    public State child(int action) {
        return inner.child(action);
    }

    @Override
    public double[] returns() {
        return inner.returns();
    }

    @Override
    public String infoStateKey(int player) {
        return inner.infoStateKey(player);
    }

    @Override
    public String actionLabel(int action) {
        return inner.actionLabel(action);
    }
}
