package dev.parley.cfr;

import dev.parley.game.GameTree;
import dev.parley.game.UnsupportedGameException;
import java.util.Arrays;
import java.util.Optional;

/**
 * The public tree of a compiled game: its histories grouped into public states, so that a solver can walk the
 * groups once with a vector over the private states inside each (vector-form CFR, Johanson et al. 2012).
 *
 * <p>The grouping is the coarsest one the tree's information forces, found with a union-find to a fixed point:
 * the histories of one infoset share a state; the parents of one state's histories share a state; and, as public
 * moves do, the children of one state's decision nodes along the same action index, and of its chance nodes with
 * the same outcome id, share a state when they are of the same kind. The grouping is a public tree when every state
 * holds one kind of node (all terminal, all chance, or all one player's with the same number of actions) and no
 * state lies below itself. Kuhn and Leduc poker have one (private cards dealt first, then public bets and a public
 * card), so do the dialogue games (a private scenario, then public messages), and so does every perfect-information
 * game (each history its own state). A game that has none is refused with one line naming a state that mixes kinds.
 */
public final class PublicTree {

    private final int numGroups;
    /** The public state of each node. */
    private final int[] group;
    /** The states in an order where each comes after every state below it. */
    private final int[] bottomUp;

    private PublicTree(int numGroups, int[] group, int[] bottomUp) {
        this.numGroups = numGroups;
        this.group = group;
        this.bottomUp = bottomUp;
    }

    /**
     * The public tree of {@code tree}.
     *
     * @throws UnsupportedGameException naming the solver, the game and a state that mixes kinds of node
     */
    public static PublicTree of(String solver, GameTree tree) {
        Object result = build(tree);
        if (result instanceof String why) {
            throw new UnsupportedGameException(solver + " cannot solve '" + tree.name() + "': it has no public tree ("
                    + why + ")");
        }
        return (PublicTree) result;
    }

    /** Why {@code tree} has no public tree, or empty if it has one. */
    public static Optional<String> absent(GameTree tree) {
        Object result = build(tree);
        return result instanceof String why ? Optional.of(why) : Optional.empty();
    }

    public int numGroups() {
        return numGroups;
    }

    /** The public state of {@code node}. */
    public int group(int node) {
        return group[node];
    }

    /** The states, each after every state below it. */
    int[] bottomUp() {
        return bottomUp;
    }

    /** A public tree, or the reason (a String) there is none. */
    private static Object build(GameTree tree) {
        int n = tree.numNodes();
        int[] player = tree.players();
        int[] childCount = tree.childCounts();
        int[] up = coarsestGrouping(tree);
        int[] group = new int[n];
        int[] groupOfRoot = new int[n];
        Arrays.fill(groupOfRoot, -1);
        int numGroups = 0;
        for (int node = 0; node < n; node++) {
            int r = find(up, node);
            if (groupOfRoot[r] < 0) {
                groupOfRoot[r] = numGroups++;
            }
            group[node] = groupOfRoot[r];
        }
        long[] kind = new long[numGroups];
        int[] example = new int[numGroups];
        Arrays.fill(example, -1);
        for (int node = 0; node < n; node++) {
            int g = group[node];
            long k = kindOf(player, childCount, node);
            if (example[g] < 0) {
                example[g] = node;
                kind[g] = k;
            } else if (kind[g] != k) {
                return "histories " + example[g] + " (" + describe(tree, example[g]) + ") and " + node + " ("
                        + describe(tree, node) + ") share a public state";
            }
        }
        return bottomUp(tree, group, numGroups);
    }

    /**
     * The union-find forest of the coarsest grouping the information forces: infosets joined, then the parents of
     * one state's histories and its public moves' children joined until nothing changes.
     */
    private static int[] coarsestGrouping(GameTree tree) {
        int n = tree.numNodes();
        int[] memberStart = tree.infosetNodeStarts();
        int[] members = tree.infosetNodeList();
        int[] up = new int[n];
        for (int i = 0; i < n; i++) {
            up[i] = i;
        }
        for (int i = 0; i < tree.numInfosets(); i++) {
            for (int k = memberStart[i] + 1; k < memberStart[i + 1]; k++) {
                union(up, members[memberStart[i]], members[k]);
            }
        }
        int[] firstOfGroup = new int[n];
        boolean changed = true;
        while (changed) {
            changed = joinParents(tree, up, firstOfGroup);
            changed |= joinPublicMoves(tree, up, firstOfGroup);
        }
        return up;
    }

    /** The parents of one state's histories share a state. Whether anything was joined. */
    private static boolean joinParents(GameTree tree, int[] up, int[] firstOfGroup) {
        int[] parent = tree.parents();
        boolean changed = false;
        Arrays.fill(firstOfGroup, -1);
        for (int node = 1; node < up.length; node++) {
            int r = find(up, node);
            if (firstOfGroup[r] < 0) {
                firstOfGroup[r] = parent[node];
            } else {
                changed |= union(up, firstOfGroup[r], parent[node]);
            }
        }
        return changed;
    }

    /**
     * Public moves: the children of one state along the same action, or the same chance outcome, share a state when
     * they are of the same kind. Whether anything was joined.
     */
    private static boolean joinPublicMoves(GameTree tree, int[] up, int[] firstOfGroup) {
        int[] player = tree.players();
        int[] firstChild = tree.firstChildren();
        int[] childCount = tree.childCounts();
        boolean changed = false;
        Arrays.fill(firstOfGroup, -1);
        for (int node = 0; node < up.length; node++) {
            if (player[node] == GameTree.TERMINAL) {
                continue;
            }
            int r = find(up, node);
            int first = firstOfGroup[r];
            if (first < 0) {
                firstOfGroup[r] = node;
                continue;
            }
            if (player[node] != GameTree.CHANCE && childCount[node] == childCount[first]) {
                for (int k = 0; k < childCount[node]; k++) {
                    int a = firstChild[first] + k;
                    int b = firstChild[node] + k;
                    if (kindOf(player, childCount, a) == kindOf(player, childCount, b)) {
                        changed |= union(up, a, b);
                    }
                }
            } else if (player[node] == GameTree.CHANCE && player[first] == GameTree.CHANCE) {
                for (int b = firstChild[node], bEnd = b + childCount[node]; b < bEnd; b++) {
                    for (int a = firstChild[first], aEnd = a + childCount[first]; a < aEnd; a++) {
                        if (tree.action(a) == tree.action(b)
                                && kindOf(player, childCount, a) == kindOf(player, childCount, b)) {
                            changed |= union(up, a, b);
                            break;
                        }
                    }
                }
            }
        }
        return changed;
    }

    /**
     * The public tree with its states in bottom-up order, or why there is none. Each state's histories have their
     * parents in one state (by construction), so the states form a forest unless a state lies below itself; Kahn's
     * algorithm on the child-to-parent edges finds an order or a cycle.
     */
    private static Object bottomUp(GameTree tree, int[] group, int numGroups) {
        int[] parent = tree.parents();
        int[] parentGroup = new int[numGroups];
        Arrays.fill(parentGroup, -1);
        int[] pending = new int[numGroups];
        for (int node = 1; node < group.length; node++) {
            int g = group[node];
            if (parentGroup[g] < 0) {
                parentGroup[g] = group[parent[node]];
                if (parentGroup[g] == g) {
                    return "history " + node + " lies in the public state of its parent";
                }
                pending[parentGroup[g]]++;
            }
        }
        int[] order = new int[numGroups];
        int size = 0;
        for (int g = 0; g < numGroups; g++) {
            if (pending[g] == 0) {
                order[size++] = g;
            }
        }
        for (int k = 0; k < size; k++) {
            int pg = parentGroup[order[k]];
            if (pg >= 0 && --pending[pg] == 0) {
                order[size++] = pg;
            }
        }
        if (size < numGroups) {
            return "a public state lies below itself";
        }
        return new PublicTree(numGroups, group, order);
    }

    /** The kind of a node: terminal, chance, or a player with a number of actions, as one comparable value. */
    private static long kindOf(int[] player, int[] childCount, int node) {
        int p = player[node];
        if (p == GameTree.TERMINAL || p == GameTree.CHANCE) {
            return p;
        }
        return ((long) (p + 1) << 32) | childCount[node];
    }

    private static String describe(GameTree tree, int node) {
        int p = tree.player(node);
        if (p == GameTree.TERMINAL) {
            return "terminal";
        }
        if (p == GameTree.CHANCE) {
            return "chance";
        }
        return "player " + p + ", " + tree.childCount(node) + " actions";
    }

    private static int find(int[] up, int x) {
        while (up[x] != x) {
            up[x] = up[up[x]];
            x = up[x];
        }
        return x;
    }

    private static boolean union(int[] up, int a, int b) {
        int ra = find(up, a);
        int rb = find(up, b);
        if (ra == rb) {
            return false;
        }
        // the smaller index becomes the root, so a state is named by its first node
        if (ra < rb) {
            up[rb] = ra;
        } else {
            up[ra] = rb;
        }
        return true;
    }
}
