package dev.parley.gambit;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.State;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A node of a parsed {@code .efg} tree, which is its own {@link State}. The parser fills {@link #children} while it
 * reads the file; nothing changes a node after {@link Efg#parse} returns, so states are immutable and shared.
 */
final class EfgNode implements State {

    private final int player;
    private final EfgInfoset infoset;
    private final EfgNode parent;
    private final int incomingAction;
    private final int numPlayers;
    private final double[] returns;
    final EfgNode[] children;

    EfgNode(int player, EfgInfoset infoset, EfgNode parent, int incomingAction, int numPlayers, double[] returns) {
        this.player = player;
        this.infoset = infoset;
        this.parent = parent;
        this.incomingAction = incomingAction;
        this.numPlayers = numPlayers;
        this.returns = returns;
        this.children = new EfgNode[infoset == null ? 0 : infoset.actionCount()];
    }

    EfgInfoset infoset() {
        return infoset;
    }

    EfgNode parent() {
        return parent;
    }

    int incomingAction() {
        return incomingAction;
    }

    @Override
    public int currentPlayer() {
        return player;
    }

    @Override
    public int[] legalActions() {
        int[] actions = new int[children.length];
        for (int i = 0; i < actions.length; i++) {
            actions[i] = i;
        }
        return actions;
    }

    @Override
    public List<ChanceOutcome> chanceOutcomes() {
        return player == CHANCE ? infoset.outcomes : List.of();
    }

    @Override
    public State child(int action) {
        if (action < 0 || action >= children.length) {
            throw new IllegalArgumentException("action " + action + " is not legal here (legal: 0.."
                    + (children.length - 1) + ")");
        }
        return children[action];
    }

    @Override
    public double[] returns() {
        return returns == null ? new double[numPlayers] : returns.clone();
    }

    @Override
    public String infoStateKey(int p) {
        if (p < 0 || p >= numPlayers) {
            throw new IllegalArgumentException("no player " + p);
        }
        if (p == player) {
            return infoset.key;
        }
        // Elsewhere the file says nothing about what p observes: p knows what it did itself (perfect recall).
        return "P" + (p + 1) + " after " + ownHistory(p);
    }

    /** Player p's own infosets and actions on the path to this node, root first. */
    String ownHistory(int p) {
        Deque<String> steps = new ArrayDeque<>();
        for (EfgNode child = this, n = parent; n != null; child = n, n = n.parent) {
            if (n.player == p) {
                steps.push("[" + n.infoset.key + "]" + child.incomingAction);
            }
        }
        return String.join(" ", steps);
    }

    @Override
    public String actionLabel(int action) {
        if (action < 0 || action >= children.length) {
            throw new IllegalArgumentException("action " + action + " is not legal here");
        }
        return infoset.labels.get(action);
    }

    @Override
    public String toString() {
        return player == TERMINAL ? "terminal" : (player == CHANCE ? "chance " : "player " + (player + 1) + " ")
                + infoset.key;
    }
}
