package dev.parley.cfr;

import dev.parley.game.GameTree;
import java.util.Arrays;

/**
 * What {@link CfrSolver} derives from a tree once, before its first iteration: the terminal values, the uniform
 * policy, each node's sequences and chance reach, each infoset's parent sequence, size and player, and the depths.
 */
final class TreeTables {

    private TreeTables() {
    }

    /** Each player's value per node: the payoffs at the terminals, zero elsewhere until a pass writes them. */
    static double[][] terminalValues(GameTree tree) {
        int[] player = tree.players();
        double[][] v = new double[tree.numPlayers()][tree.numNodes()];
        for (int node = 0; node < player.length; node++) {
            if (player[node] == GameTree.TERMINAL) {
                for (int p = 0; p < v.length; p++) {
                    v[p][node] = tree.utility(node, p);
                }
            }
        }
        return v;
    }

    /** The uniform policy, per slot. */
    static double[] uniform(GameTree tree) {
        int[] slotStart = tree.slotStarts();
        int[] actionCount = tree.actionCounts();
        double[] current = new double[tree.numSlots()];
        for (int i = 0; i < tree.numInfosets(); i++) {
            Arrays.fill(current, slotStart[i], slotStart[i + 1], 1.0 / actionCount[i]);
        }
        return current;
    }

    /**
     * Each node's last own action of every player above it ({@code seqAt[q][node]}, its sequence; {@code noAction}
     * before q's first) and chance's reach of it, computed top-down once.
     */
    record Paths(int[][] seqAt, double[] chanceReach) {

        static Paths of(GameTree tree, int noAction) {
            int n = tree.numNodes();
            int numPlayers = tree.numPlayers();
            int[] player = tree.players();
            int[] firstChild = tree.firstChildren();
            int[] childCount = tree.childCounts();
            int[] edgeSlot = tree.edgeSlots();
            double[] chanceProbability = tree.chanceProbabilities();
            int[][] seqAt = new int[numPlayers][n];
            double[] chanceReach = new double[n];
            for (int q = 0; q < numPlayers; q++) {
                seqAt[q][0] = noAction;
            }
            chanceReach[0] = 1.0;
            for (int node = 0; node < n; node++) {
                int pl = player[node];
                if (pl == GameTree.TERMINAL) {
                    continue;
                }
                for (int c = firstChild[node], end = c + childCount[node]; c < end; c++) {
                    chanceReach[c] = pl == GameTree.CHANCE ? chanceReach[node] * chanceProbability[c]
                            : chanceReach[node];
                    for (int q = 0; q < numPlayers; q++) {
                        seqAt[q][c] = q == pl ? edgeSlot[c] : seqAt[q][node];
                    }
                }
            }
            return new Paths(seqAt, chanceReach);
        }
    }

    /** The slot of each infoset's player's last own action before it (the same at every history: perfect recall). */
    static int[] parentSequences(GameTree tree, int[][] seqAt) {
        int[] memberStart = tree.infosetNodeStarts();
        int[] members = tree.infosetNodeList();
        int[] infosetPlayer = tree.infosetPlayers();
        int[] parentSeq = new int[tree.numInfosets()];
        for (int i = 0; i < parentSeq.length; i++) {
            parentSeq[i] = seqAt[infosetPlayer[i]][members[memberStart[i]]];
        }
        return parentSeq;
    }

    /** The number of histories in each infoset. */
    static double[] infosetSizes(GameTree tree) {
        int[] memberStart = tree.infosetNodeStarts();
        double[] size = new double[tree.numInfosets()];
        for (int i = 0; i < size.length; i++) {
            size[i] = memberStart[i + 1] - memberStart[i];
        }
        return size;
    }

    /** Each player's infosets in ascending order (parents before children). */
    static int[][] ownInfosets(GameTree tree) {
        int[] infosetPlayer = tree.infosetPlayers();
        int[] perPlayer = new int[tree.numPlayers()];
        for (int pl : infosetPlayer) {
            perPlayer[pl]++;
        }
        int[][] own = new int[perPlayer.length][];
        for (int p = 0; p < own.length; p++) {
            own[p] = new int[perPlayer[p]];
            perPlayer[p] = 0;
        }
        for (int i = 0; i < infosetPlayer.length; i++) {
            own[infosetPlayer[i]][perPlayer[infosetPlayer[i]]++] = i;
        }
        return own;
    }

    /** Each node's depth below the root. */
    static int[] depths(GameTree tree) {
        int[] parent = tree.parents();
        int[] depth = new int[tree.numNodes()];
        for (int node = 1; node < depth.length; node++) {
            depth[node] = depth[parent[node]] + 1;
        }
        return depth;
    }
}
