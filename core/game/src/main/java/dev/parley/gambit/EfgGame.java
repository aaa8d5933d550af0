package dev.parley.gambit;

import dev.parley.game.Game;
import dev.parley.game.GameType;
import dev.parley.game.State;
import java.util.List;

/**
 * A game read from a Gambit {@code .efg} file: an immutable tree whose nodes are the states. Actions at a node are
 * numbered 0..k-1 in the order the file lists them; infoset keys are {@code player:number[:name]} as numbered in the
 * file (player 1-based), so that two nodes share a key exactly when the file puts them in one information set.
 */
public final class EfgGame implements Game {

    private final String name;
    private final String title;
    private final String comment;
    private final List<String> playerNames;
    private final GameType type;
    private final EfgNode root;
    private final double minUtility;
    private final double maxUtility;

    EfgGame(String name, String title, String comment, List<String> playerNames, GameType type, EfgNode root,
            double minUtility, double maxUtility) {
        this.name = name;
        this.title = title;
        this.comment = comment;
        this.playerNames = List.copyOf(playerNames);
        this.type = type;
        this.root = root;
        this.minUtility = minUtility;
        this.maxUtility = maxUtility;
    }

    /** The title, or the file's base name when the title is blank. */
    @Override
    public String name() {
        return name;
    }

    /** The title as written in the file. */
    public String title() {
        return title;
    }

    /** The comment string of the prologue ("" when absent). */
    public String comment() {
        return comment;
    }

    public List<String> playerNames() {
        return playerNames;
    }

    /**
     * Sequential; explicit chance if the tree has a chance node; perfect information if every infoset has one node;
     * zero-sum, constant-sum, identical-interest or general-sum as the terminal payoffs are (checked exactly).
     */
    @Override
    public GameType type() {
        return type;
    }

    @Override
    public int numPlayers() {
        return playerNames.size();
    }

    @Override
    public State initialState() {
        return root;
    }

    /** The smallest terminal payoff of any player. */
    @Override
    public double minUtility() {
        return minUtility;
    }

    /** The largest terminal payoff of any player. */
    @Override
    public double maxUtility() {
        return maxUtility;
    }

    @Override
    public String toString() {
        return "EfgGame[" + name + ", players=" + playerNames + "]";
    }
}
