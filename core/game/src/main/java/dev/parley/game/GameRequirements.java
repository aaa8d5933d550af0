package dev.parley.game;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a solver needs from a game before it runs, read from its {@link GameType} and its tree: CFR-family solvers,
 * Monte-Carlo CFR and best responses assume players move in turn and recall their own past (their regrets and
 * averages are kept per infoset, which is only sound under perfect recall). A game that breaks either is refused
 * with an {@link UnsupportedGameException} naming the solver, the game and the reason, instead of yielding numbers
 * that mean nothing.
 */
public final class GameRequirements {

    private GameRequirements() {
    }

    /** Refuses a game with simultaneous moves. */
    public static void requireSequential(String solver, String game, GameType type) {
        if (type.dynamics() == GameType.Dynamics.SIMULTANEOUS) {
            throw new UnsupportedGameException(solver + " cannot solve '" + game + "': its players move"
                    + " simultaneously (write it in sequential form with information sets, e.g. as an .efg file)");
        }
    }

    /** Refuses a tree with simultaneous moves or without perfect recall. */
    public static void requireSequentialPerfectRecall(String solver, GameTree tree) {
        requireSequential(solver, tree.name(), tree.type());
        imperfectRecall(tree).ifPresent(why -> {
            throw new UnsupportedGameException(solver + " cannot solve '" + tree.name() + "': it lacks perfect"
                    + " recall (" + why + ")");
        });
    }

    /**
     * Why {@code tree} lacks perfect recall, or empty if it has it. It has it when every infoset's nodes share the
     * edge of their player's previous decision (or all have none): by induction the whole own history is then
     * shared. One iterative pass (no recursion, so deep trees are fine), O(nodes).
     */
    public static Optional<String> imperfectRecall(GameTree tree) {
        final int unset = -2;
        int[] previous = new int[tree.numInfosets()];
        Arrays.fill(previous, unset);
        int[] last = new int[tree.numPlayers()];
        Arrays.fill(last, -1);
        // entries of three ints: (node, player whose last decision the edge into node sets or -1, that slot);
        // a negative node ~k is a marker restoring last[player] = slot once node k's subtree is done
        int[] stack = new int[48];
        int top = 0;
        stack[top++] = 0;
        stack[top++] = -1;
        stack[top++] = -1;
        while (top > 0) {
            int slot = stack[--top];
            int p = stack[--top];
            int node = stack[--top];
            if (node < 0) {
                last[p] = slot;
                continue;
            }
            if (p >= 0) {
                if (top + 3 > stack.length) {
                    stack = Arrays.copyOf(stack, stack.length * 2);
                }
                stack[top++] = ~node;
                stack[top++] = p;
                stack[top++] = last[p];
                last[p] = slot;
            }
            int mover = tree.player(node);
            int infoset = tree.infoset(node);
            if (infoset >= 0) {
                if (previous[infoset] == unset) {
                    previous[infoset] = last[mover];
                } else if (previous[infoset] != last[mover]) {
                    return Optional.of("player " + mover + " reaches infoset '" + tree.infosetKey(infoset)
                            + "' after different own moves");
                }
            }
            int first = tree.firstChild(node);
            int n = tree.childCount(node);
            if (top + 3 * n > stack.length) {
                stack = Arrays.copyOf(stack, Math.max(stack.length * 2, top + 3 * n));
            }
            for (int c = first + n - 1; c >= first; c--) {
                stack[top++] = c;
                stack[top++] = infoset >= 0 ? mover : -1;
                stack[top++] = infoset >= 0 ? tree.edgeSlot(c) : -1;
            }
        }
        return Optional.empty();
    }
}
