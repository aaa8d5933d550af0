package dev.parley.experiment;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameType;
import dev.parley.game.State;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * A game that reports how many states have been made so far, so that a progress bar can show the nodes of a tree
 * while it is being built (by whichever builder, sequential or not). The states and their order are the wrapped
 * game's: only the count is added.
 */
final class CountedGame implements Game {

    private final Game game;
    private final AtomicLong made = new AtomicLong();
    private final LongConsumer onState;

    /** @param onState told the running count after each state is made (from the thread that made it) */
    CountedGame(Game game, LongConsumer onState) {
        this.game = Objects.requireNonNull(game, "game");
        this.onState = Objects.requireNonNull(onState, "onState");
    }

    /** The wrapped game's state behind one of this game's states (any other state as it is). */
    static State inner(State s) {
        return s instanceof CountedGame.Counted c ? c.state : s;
    }

    private State counted(State s) {
        onState.accept(made.incrementAndGet());
        return new Counted(s);
    }

    @Override
    public String name() {
        return game.name();
    }

    @Override
    public GameType type() {
        return game.type();
    }

    @Override
    public int numPlayers() {
        return game.numPlayers();
    }

    @Override
    public State initialState() {
        return counted(game.initialState());
    }

    @Override
    public double minUtility() {
        return game.minUtility();
    }

    @Override
    public double maxUtility() {
        return game.maxUtility();
    }

    private final class Counted implements State {
        private final State state;

        Counted(State state) {
            this.state = state;
        }

        @Override
        public int currentPlayer() {
            return state.currentPlayer();
        }

        @Override
        public boolean isTerminal() {
            return state.isTerminal();
        }

        @Override
        public boolean isChance() {
            return state.isChance();
        }

        @Override
        public int[] legalActions() {
            return state.legalActions();
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            return state.chanceOutcomes();
        }

        @Override
        public State child(int action) {
            return counted(state.child(action));
        }

        @Override
        public double[] returns() {
            return state.returns();
        }

        @Override
        public String infoStateKey(int player) {
            return state.infoStateKey(player);
        }

        @Override
        public String actionLabel(int action) {
            return state.actionLabel(action);
        }

        @Override
        public String toString() {
            return state.toString();
        }
    }
}
