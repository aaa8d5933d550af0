package dev.parley.cfr;

import dev.parley.game.GameTree;
import java.util.Arrays;

/**
 * One player's bottom-up pass: the non-terminal nodes in the order they are visited, with what each visit reads
 * stored beside it, in runs of one kind of node. Each run is cut into segments of nodes that share the other
 * players' sequences, so their reach is read and tested for zero once per segment rather than once per node.
 *
 * <p>Built once per player when the solver is made, and read on every iteration by {@link CfrSolver}'s bottom-up
 * pass; how the nodes are ordered is explained there.
 */
final class ScalarPass {

    static final byte CHANCE_RUN = 0;
    static final byte OTHERS_RUN = 1;
    static final byte OWN_RUN = 2;

    /** How a pass's nodes were ordered within a depth and kind of node. */
    enum Grouping {
        /** Every run grouped by the other players' sequences. */
        ALL,
        /** Chance's and the other players' nodes grouped, the player's own in node order. */
        OTHERS_ONLY,
        /** Depth-first post-order: the game's infosets span depths out of order. */
        POST_ORDER
    }

    final int[] node;
    final int[] firstChild;
    final int[] childCount;
    /** First slot of the node's infoset (decision nodes). */
    final int[] slot;
    /** Chance's reach at the node: the product of chance probabilities from the root. */
    final double[] chanceReach;
    final int[] runEnd;
    final byte[] runKind;
    /** The end (exclusive) of each run's segments in {@link #segmentEnd}. */
    final int[] runSegmentEnd;
    /** The end (exclusive) of each segment's nodes. */
    final int[] segmentEnd;
    /** For each segment, the solver's seqReach entries of the other players, in player order. */
    final int[] others;
    final int othersPerNode;
    final Grouping grouping;

    private ScalarPass(int size, int othersPerNode, int runs, int segments, Grouping grouping) {
        this.grouping = grouping;
        node = new int[size];
        firstChild = new int[size];
        childCount = new int[size];
        slot = new int[size];
        chanceReach = new double[size];
        runEnd = new int[runs];
        runKind = new byte[runs];
        runSegmentEnd = new int[runs];
        segmentEnd = new int[segments];
        this.othersPerNode = othersPerNode;
        others = new int[segments * othersPerNode];
    }

    /**
     * Player p's pass. Segments are longest with every run grouped by the others' sequences; p's own histories may
     * be regrouped only where each infoset still adds its regrets in depth-first order.
     *
     * @param seqAt       each player's last own slot above each node
     * @param chanceReach the product of chance probabilities from the root to each node
     * @param postOrder   the non-terminal nodes in depth-first post-order ({@link #postOrder})
     */
    static ScalarPass of(GameTree tree, int p, int[][] seqAt, double[] chanceReach, int[] depth, int maxDepth,
            int[] postOrder) {
        int[] player = tree.players();
        int[] infoset = tree.infosets();
        int numInfosets = tree.numInfosets();
        Grouping grouping = Grouping.ALL;
        int[] order = byDepthAndKind(player, depth, maxDepth, p, seqAt, postOrder, infoset, numInfosets, true);
        if (order == null || !regretsInDepthFirstOrder(order, postOrder, player, infoset, numInfosets, p)) {
            grouping = Grouping.OTHERS_ONLY;
            order = byDepthAndKind(player, depth, maxDepth, p, seqAt, postOrder, infoset, numInfosets, false);
        }
        if (!regretsInDepthFirstOrder(order, postOrder, player, infoset, numInfosets, p)) {
            grouping = Grouping.POST_ORDER;
            order = postOrder;
        }
        return pack(order, grouping, p, player, tree.firstChildren(), tree.childCounts(), infoset, tree.slotStarts(),
                seqAt, chanceReach);
    }

    /**
     * The non-terminal nodes in depth-first post-order, iteratively (trees may be far deeper than the stack). Two
     * nodes of one infoset are never ancestor and descendant, so for them post-order is also OpenSpiel's visiting
     * order.
     */
    static int[] postOrder(int[] player, int[] firstChild, int[] childCount) {
        int n = player.length;
        int count = 0;
        for (int node = 0; node < n; node++) {
            if (player[node] != GameTree.TERMINAL) {
                count++;
            }
        }
        int[] order = new int[count];
        if (count == 0) {
            return order;
        }
        int[] stack = new int[n];
        int[] next = new int[n];
        int top = 0;
        int k = 0;
        stack[top++] = 0;
        next[0] = firstChild[0];
        while (top > 0) {
            int node = stack[top - 1];
            int end = firstChild[node] + childCount[node];
            while (next[node] < end && player[next[node]] == GameTree.TERMINAL) {
                next[node]++;
            }
            if (next[node] < end) {
                int c = next[node]++;
                next[c] = firstChild[c];
                stack[top++] = c;
            } else {
                order[k++] = node;
                top--;
            }
        }
        return order;
    }

    /** The kind of a node's run in player p's pass. */
    private static int kind(int pl, int p) {
        return pl == GameTree.CHANCE ? CHANCE_RUN : pl == p ? OWN_RUN : OTHERS_RUN;
    }

    /**
     * The non-terminal nodes deepest first (children before parents); within a depth, chance nodes, then the other
     * players', then p's. Within each of these buckets the nodes are grouped by the other players' sequences (the
     * last action of each), so that a pass tests their reach once per group. Within a bucket no node reads another's
     * value, so any order computes the same values; but each of p's infosets must add its histories' regrets in
     * depth-first order. So p's own nodes are grouped in a topological order of the groups in which every infoset's
     * histories follow one another depth-first (null if {@code groupOwn} and no such order exists), or, if
     * {@code groupOwn} is false, left in ascending node order (depth-first within a depth). Linear in the nodes and
     * slots but for the topological sort.
     */
    private static int[] byDepthAndKind(int[] player, int[] depth, int maxDepth, int p, int[][] seqAt,
            int[] postOrder, int[] infoset, int numInfosets, boolean groupOwn) {
        int n = player.length;
        int[] order = postOrder.clone();
        Arrays.sort(order);
        int count = order.length;
        // The others' sequences as one dense id per node, by stable counting sorts from the last player to the first.
        int[] scratch = new int[count];
        for (int q = seqAt.length - 1; q >= 0; q--) {
            if (q != p) {
                sortByKey(order, scratch, seqAt[q], maxKey(seqAt[q], order) + 1);
                int[] swap = order;
                order = scratch;
                scratch = swap;
            }
        }
        int[] group = new int[n];
        int groups = 0;
        for (int k = 0; k < count; k++) {
            if (k > 0 && !sameOthers(seqAt, p, order[k], order[k - 1])) {
                groups++;
            }
            group[order[k]] = groups;
        }
        groups = count == 0 ? 0 : groups + 1;
        int[] ownRank = groupOwn ? ownGroupRanks(group, groups, player, p, postOrder, infoset, numInfosets) : null;
        if (groupOwn && ownRank == null) {
            return null;
        }
        // One stable counting sort by group (p's nodes by rank, or all in one group), then one by bucket.
        int[] key = new int[n];
        for (int k = 0; k < count; k++) {
            int node = order[k];
            key[node] = player[node] != p ? group[node] : ownRank != null ? ownRank[group[node]] : 0;
        }
        Arrays.sort(order);
        sortByKey(order, scratch, key, groups);
        int[] bucketOf = key; // reused: every node's key has been read
        for (int node : scratch) {
            bucketOf[node] = bucket(maxDepth, depth[node], kind(player[node], p));
        }
        sortByKey(scratch, order, bucketOf, (maxDepth + 1) * 3);
        return order;
    }

    /** A stable counting sort of {@code from} into {@code to} by {@code key[node]}, a key in [0, keys). */
    private static void sortByKey(int[] from, int[] to, int[] key, int keys) {
        int[] start = new int[keys + 1];
        for (int node : from) {
            start[key[node] + 1]++;
        }
        for (int b = 0; b < keys; b++) {
            start[b + 1] += start[b];
        }
        for (int node : from) {
            to[start[key[node]]++] = node;
        }
    }

    private static int maxKey(int[] seq, int[] nodes) {
        int max = 0;
        for (int node : nodes) {
            max = Math.max(max, seq[node]);
        }
        return max;
    }

    /**
     * A rank per group such that, for each of p's infosets, its histories in depth-first order have ranks in
     * ascending order: Kahn's topological sort of the groups, with an edge from each history's group to that of the
     * next history of its infoset (smallest group first among the free ones). Null if the edges form a cycle.
     */
    private static int[] ownGroupRanks(int[] group, int groups, int[] player, int p, int[] postOrder, int[] infoset,
            int numInfosets) {
        int[] last = new int[numInfosets];
        Arrays.fill(last, -1);
        int[] edgeFrom = new int[postOrder.length];
        int[] edgeTo = new int[postOrder.length];
        int edges = 0;
        int[] inDegree = new int[groups];
        for (int node : postOrder) {
            if (player[node] != p) {
                continue;
            }
            int i = infoset[node];
            if (last[i] >= 0 && group[last[i]] != group[node]) {
                edgeFrom[edges] = group[last[i]];
                edgeTo[edges++] = group[node];
                inDegree[group[node]]++;
            }
            last[i] = node;
        }
        int[] outStart = new int[groups + 1];
        for (int e = 0; e < edges; e++) {
            outStart[edgeFrom[e] + 1]++;
        }
        for (int g = 0; g < groups; g++) {
            outStart[g + 1] += outStart[g];
        }
        int[] out = new int[edges];
        int[] fill = outStart.clone();
        for (int e = 0; e < edges; e++) {
            out[fill[edgeFrom[e]]++] = edgeTo[e];
        }
        java.util.PriorityQueue<Integer> free = new java.util.PriorityQueue<>();
        for (int g = 0; g < groups; g++) {
            if (inDegree[g] == 0) {
                free.add(g);
            }
        }
        int[] rank = new int[groups];
        int next = 0;
        while (!free.isEmpty()) {
            int g = free.poll();
            rank[g] = next++;
            for (int e = outStart[g]; e < outStart[g + 1]; e++) {
                if (--inDegree[out[e]] == 0) {
                    free.add(out[e]);
                }
            }
        }
        return next == groups ? rank : null;
    }

    private static int bucket(int maxDepth, int depth, int kind) {
        return (maxDepth - depth) * 3 + kind;
    }

    /** Whether {@code order} visits the histories of each of p's infosets in depth-first order. */
    private static boolean regretsInDepthFirstOrder(int[] order, int[] postOrder, int[] player, int[] infoset,
            int numInfosets, int p) {
        int[] position = new int[player.length];
        for (int k = 0; k < postOrder.length; k++) {
            position[postOrder[k]] = k;
        }
        int[] last = new int[numInfosets];
        Arrays.fill(last, -1);
        for (int node : order) {
            if (player[node] == p) {
                if (position[node] < last[infoset[node]]) {
                    return false;
                }
                last[infoset[node]] = position[node];
            }
        }
        return true;
    }

    private static ScalarPass pack(int[] order, Grouping grouping, int p, int[] player, int[] firstChild,
            int[] childCount, int[] infoset, int[] slotStart, int[][] seqAt, double[] chanceReach) {
        int numPlayers = seqAt.length;
        int runs = 0;
        int segments = 0;
        for (int k = 0; k < order.length; k++) {
            if (k == 0 || kind(player[order[k]], p) != kind(player[order[k - 1]], p)) {
                runs++;
                segments++;
            } else if (!sameOthers(seqAt, p, order[k], order[k - 1])) {
                segments++;
            }
        }
        ScalarPass pass = new ScalarPass(order.length, numPlayers - 1, runs, segments, grouping);
        int run = -1;
        int segment = -1;
        for (int k = 0; k < order.length; k++) {
            int node = order[k];
            int kind = kind(player[node], p);
            boolean newRun = k == 0 || kind != pass.runKind[run];
            if (newRun) {
                run++;
                pass.runKind[run] = (byte) kind;
            }
            if (newRun || !sameOthers(seqAt, p, node, order[k - 1])) {
                segment++;
                int j = segment * pass.othersPerNode;
                for (int q = 0; q < numPlayers; q++) {
                    if (q != p) {
                        pass.others[j++] = seqAt[q][node];
                    }
                }
            }
            pass.runEnd[run] = k + 1;
            pass.runSegmentEnd[run] = segment + 1;
            pass.segmentEnd[segment] = k + 1;
            pass.node[k] = node;
            pass.firstChild[k] = firstChild[node];
            pass.childCount[k] = childCount[node];
            pass.slot[k] = infoset[node] >= 0 ? slotStart[infoset[node]] : -1;
            pass.chanceReach[k] = chanceReach[node];
        }
        return pass;
    }

    /** Whether two nodes have the same last action of every player but p. */
    private static boolean sameOthers(int[][] seqAt, int p, int a, int b) {
        for (int q = 0; q < seqAt.length; q++) {
            if (q != p && seqAt[q][a] != seqAt[q][b]) {
                return false;
            }
        }
        return true;
    }
}
