package dev.parley.game;

import java.util.List;
import java.util.function.Supplier;

/**
 * An immutable history of a {@link Game}. Moving never changes a state: {@link #child(int)} returns a new one.
 *
 * <p>Actions are ints; {@link #actionLabel(int)} names them. At a chance node the actions are the outcomes of
 * {@link #chanceOutcomes()}. Returns are non-zero only at terminals.
 */
public interface State {

    /** {@link #currentPlayer()} at a chance node. */
    int CHANCE = -1;

    /** {@link #currentPlayer()} at a terminal. */
    int TERMINAL = -2;

    /** The player to move, {@link #CHANCE}, or {@link #TERMINAL}. */
    int currentPlayer();

    default boolean isTerminal() {
        return currentPlayer() == TERMINAL;
    }

    default boolean isChance() {
        return currentPlayer() == CHANCE;
    }

    /**
     * The legal actions in ascending order: the player's actions at a decision node, the outcomes' actions at a
     * chance node, none at a terminal. The array is a fresh copy.
     */
    int[] legalActions();

    /**
     * {@link #legalActions()} for a game that names only its players' actions: none at a terminal, the outcomes'
     * actions at a chance node, else what {@code playerActions} gives.
     */
    default int[] legalActionsOr(Supplier<int[]> playerActions) {
        int p = currentPlayer();
        if (p == TERMINAL) {
            return new int[0];
        }
        if (p == CHANCE) {
            return chanceOutcomes().stream().mapToInt(ChanceOutcome::action).toArray();
        }
        return playerActions.get();
    }

    /** The outcomes of a chance node with their probabilities; empty elsewhere. */
    List<ChanceOutcome> chanceOutcomes();

    /** The state after {@code action}; throws {@link IllegalArgumentException} if the action is not legal. */
    State child(int action);

    /** Each player's return: the payoffs at a terminal, zeros elsewhere. A fresh array. */
    double[] returns();

    /**
     * The information state of {@code player}: two histories the player cannot tell apart have the same key.
     * Keys must give perfect recall (the player's own past keys and actions are recoverable from it).
     */
    String infoStateKey(int player);

    /** A human-readable name for {@code action} at this state. */
    String actionLabel(int action);
}
