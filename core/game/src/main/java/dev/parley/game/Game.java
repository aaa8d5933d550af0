package dev.parley.game;

/**
 * An extensive-form game: players, chance, and a tree of immutable {@link State}s reached from
 * {@link #initialState()}. Implementations must make every state immutable so that solvers may keep and
 * share states freely.
 */
public interface Game {

    /** A short identifier, such as {@code kuhn_poker}. */
    String name();

    /** The game's dynamics, chance, information and utility structure. */
    GameType type();

    /** Number of players (chance is not a player). */
    int numPlayers();

    /** The root of the game tree. */
    State initialState();

    /** A lower bound on any player's terminal return. */
    double minUtility();

    /** An upper bound on any player's terminal return. */
    double maxUtility();
}
