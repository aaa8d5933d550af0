package dev.parley.game;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A game compiled once into flat primitive arrays, so that full-tree solvers run without allocation.
 *
 * <p>Layout. Nodes are numbered so that a parent precedes its children and the children of a node are
 * contiguous ({@code firstChild[n] .. firstChild[n] + childCount[n] - 1}). Iterating nodes in ascending order is a
 * top-down pass; descending order is a bottom-up pass. Every edge into a node is described at the child: the action
 * id that led there, its label, and, below a chance node, its probability.
 *
 * <p>Infosets are numbered in order of first visit. Infoset {@code i} owns the "slots"
 * {@code slotStart[i] .. slotStart[i] + actionCount[i] - 1}: one slot per action, the index solvers use for
 * their regret and strategy arrays. {@link #edgeSlot(int)} maps a decision child to its slot, so that a solver's
 * strategy array can be read edge by edge.
 *
 * <p>Accessors returning arrays return copies; read them once, outside any loop.
 */
public final class GameTree {

    /** Player value of a chance node. */
    public static final int CHANCE = State.CHANCE;
    /** Player value of a terminal node. */
    public static final int TERMINAL = State.TERMINAL;

    private final String name;
    private final GameType type;
    private final int numPlayers;
    private final double minUtility;
    private final double maxUtility;

    private final int[] player;
    private final int[] parent;
    private final int[] firstChild;
    private final int[] childCount;
    private final int[] action;
    private final String[] actionLabel;
    private final double[] chanceProbability;
    private final int[] infoset;
    private final int[] edgeSlot;
    private final int[] depth;
    private final double[] utilities;

    private final InfosetKeys infosetKeys;
    private final int[] infosetPlayer;
    private final int[] infosetActionCount;
    private final int[] slotStart;
    private final int[] slotAction;
    private final String[] slotLabel;
    private final int[] infosetNodeStart;
    private final int[] infosetNodes;

    private final int numChance;
    private final int numDecision;
    private final int numTerminal;

    /** Values other packages derive from this tree once and keep with it (a solver's plan, its scratch). */
    private final java.util.concurrent.ConcurrentHashMap<Class<?>, Object> derived =
            new java.util.concurrent.ConcurrentHashMap<>();

    private GameTree(Builder b) {
        this.name = b.game.name();
        this.type = b.game.type();
        this.numPlayers = b.game.numPlayers();
        this.minUtility = b.game.minUtility();
        this.maxUtility = b.game.maxUtility();
        int n = b.size;
        this.player = Arrays.copyOf(b.player, n);
        this.parent = Arrays.copyOf(b.parent, n);
        this.firstChild = Arrays.copyOf(b.firstChild, n);
        this.childCount = Arrays.copyOf(b.childCount, n);
        this.action = Arrays.copyOf(b.action, n);
        this.actionLabel = Arrays.copyOf(b.actionLabel, n);
        this.chanceProbability = Arrays.copyOf(b.chanceProbability, n);
        this.infoset = Arrays.copyOf(b.infoset, n);
        this.depth = Arrays.copyOf(b.depth, n);
        this.utilities = Arrays.copyOf(b.utilities, n * numPlayers);

        int numInfosets = b.keys.size();
        b.keys.seal();
        this.infosetKeys = b.keys;
        this.infosetPlayer = Arrays.copyOf(b.infosetPlayer, numInfosets);
        this.slotStart = Arrays.copyOf(b.slotStart, numInfosets + 1);
        this.infosetActionCount = new int[numInfosets];
        for (int i = 0; i < numInfosets; i++) {
            infosetActionCount[i] = slotStart[i + 1] - slotStart[i];
        }
        int numSlots = slotStart[numInfosets];
        this.slotAction = Arrays.copyOf(b.slotAction, numSlots);
        this.slotLabel = Arrays.copyOf(b.slotLabel, numSlots);

        // Edge slots and infoset membership lists.
        this.edgeSlot = new int[n];
        Arrays.fill(edgeSlot, -1);
        int[] members = new int[numInfosets + 1];
        int chance = 0;
        int decision = 0;
        int terminal = 0;
        for (int node = 0; node < n; node++) {
            int p = player[node];
            if (p == CHANCE) {
                chance++;
            } else if (p == TERMINAL) {
                terminal++;
            } else {
                decision++;
                int is = infoset[node];
                members[is + 1]++;
                for (int k = 0; k < childCount[node]; k++) {
                    edgeSlot[firstChild[node] + k] = slotStart[is] + k;
                }
            }
        }
        for (int i = 0; i < numInfosets; i++) {
            members[i + 1] += members[i];
        }
        this.infosetNodeStart = members.clone();
        this.infosetNodes = new int[decision];
        int[] fill = Arrays.copyOf(members, numInfosets);
        for (int node = 0; node < n; node++) {
            if (player[node] >= 0) {
                infosetNodes[fill[infoset[node]]++] = node;
            }
        }
        this.numChance = chance;
        this.numDecision = decision;
        this.numTerminal = terminal;
    }

    /**
     * The value of kind {@code kind} derived from this tree, made by {@code make} on first use and kept for the
     * tree's lifetime (the tree is immutable, so what is derived from it stays valid).
     */
    public <T> T derived(Class<T> kind, java.util.function.Function<GameTree, ? extends T> make) {
        // Not computeIfAbsent: a value may derive others while it is made (NashConv's evaluator derives its plan),
        // and a nested computeIfAbsent on the same map throws "Recursive update" when the two keys share a bin.
        // Two threads may then both make a value; the first stored is kept, which is safe since both are the same
        // derivation of an immutable tree.
        Object value = derived.get(kind);
        if (value == null) {
            Object made = java.util.Objects.requireNonNull(make.apply(this), "derived value");
            value = derived.putIfAbsent(kind, made);
            if (value == null) {
                value = made;
            }
        }
        return kind.cast(value);
    }

    /** Compiles {@code game} with no size limit beyond memory. */
    public static GameTree compile(Game game) {
        return compile(game, Integer.MAX_VALUE - 8);
    }

    /**
     * Compiles {@code game} by a depth-first walk of its states (with an explicit stack: a game may be far deeper
     * than the call stack, e.g. a chain of 200,000 moves).
     *
     * @throws GameModelException if the game is larger than {@code maxNodes}, or is inconsistent (an infoset
     *                            key shared by states of different players or with different legal actions,
     *                            chance probabilities that do not sum to 1, a decision node without actions)
     */
    public static GameTree compile(Game game, int maxNodes) {
        return compile(game, maxNodes, null);
    }

    /** What {@link #compile(Game, int, CompileVisitor)} tells about each decision node as the walk meets it. */
    @FunctionalInterface
    public interface CompileVisitor {
        /**
         * @param infoset the node's infoset, numbered in order of first visit (so a new infoset's number is one
         *                more than the largest met before)
         */
        void decision(int node, int infoset, State state);
    }

    /**
     * The same, telling {@code visitor} (may be null) about every decision node with its state while it is compiled:
     * what a caller would otherwise learn by walking the game a second time ({@link #forEachDecision}).
     */
    public static GameTree compile(Game game, int maxNodes, CompileVisitor visitor) {
        Objects.requireNonNull(game, "game");
        Builder b = new Builder(game, maxNodes, visitor);
        int root = b.allocate(1, -1, 0);
        b.action[root] = -1;
        b.actionLabel[root] = "";
        b.chanceProbability[root] = 1.0;
        b.walk(root, game.initialState());
        return new GameTree(b);
    }

    public String name() {
        return name;
    }

    public GameType type() {
        return type;
    }

    public int numPlayers() {
        return numPlayers;
    }

    public double minUtility() {
        return minUtility;
    }

    public double maxUtility() {
        return maxUtility;
    }

    public int numNodes() {
        return player.length;
    }

    public int numChanceNodes() {
        return numChance;
    }

    public int numDecisionNodes() {
        return numDecision;
    }

    public int numTerminalNodes() {
        return numTerminal;
    }

    public int numInfosets() {
        return infosetPlayer.length;
    }

    /** Total number of (infoset, action) pairs: the length of a solver's per-action arrays. */
    public int numSlots() {
        return slotAction.length;
    }

    public int player(int node) {
        return player[node];
    }

    public int parent(int node) {
        return parent[node];
    }

    public int firstChild(int node) {
        return firstChild[node];
    }

    public int childCount(int node) {
        return childCount[node];
    }

    /** The game's action id on the edge into {@code node} (-1 at the root). */
    public int action(int node) {
        return action[node];
    }

    public String actionLabel(int node) {
        return actionLabel[node];
    }

    /** Probability of the edge into {@code node} when its parent is a chance node, else 1. */
    public double chanceProbability(int node) {
        return chanceProbability[node];
    }

    /** The infoset of a decision node, -1 elsewhere. */
    public int infoset(int node) {
        return infoset[node];
    }

    /** The slot of the decision edge into {@code node}, -1 below chance nodes and at the root. */
    public int edgeSlot(int node) {
        return edgeSlot[node];
    }

    public int depth(int node) {
        return depth[node];
    }

    /** Player {@code p}'s payoff at terminal {@code node} (0 at other nodes). */
    public double utility(int node, int p) {
        return utilities[node * numPlayers + p];
    }

    /** The information-state key of {@code infoset}, rebuilt from the tree's prefix-shared key store. */
    public String infosetKey(int infoset) {
        if (infoset < 0 || infoset >= infosetPlayer.length) {
            throw new IndexOutOfBoundsException("no infoset " + infoset + " in a tree of " + infosetPlayer.length);
        }
        return infosetKeys.key(infoset);
    }

    /** Characters the key store holds: what the infoset keys cost once shared prefixes are kept once. */
    public long infosetKeyChars() {
        return infosetKeys.storedChars();
    }

    public int infosetPlayer(int infoset) {
        return infosetPlayer[infoset];
    }

    public int actionCount(int infoset) {
        return infosetActionCount[infoset];
    }

    public int slotStart(int infoset) {
        return slotStart[infoset];
    }

    /** The game's action id of a slot. */
    public int slotAction(int slot) {
        return slotAction[slot];
    }

    public String slotLabel(int slot) {
        return slotLabel[slot];
    }

    /** The index of the infoset with {@code key}, or -1. */
    public int infosetIndex(String key) {
        return infosetKeys.find(key);
    }

    /** The decision nodes that belong to {@code infoset}. */
    public int[] infosetNodes(int infoset) {
        return Arrays.copyOfRange(infosetNodes, infosetNodeStart[infoset], infosetNodeStart[infoset + 1]);
    }

    /** What {@link #forEachDecision} calls at each decision node. */
    @FunctionalInterface
    public interface DecisionVisitor {
        void visit(int node, State state);
    }

    /**
     * Visits every decision node (neither chance nor terminal) with the state of {@code game} it stands for,
     * depth first, walking the tree and the game in step. {@code game} is the game this tree was compiled from. An
     * explicit stack: a dialogue tree is shallow, but a long dialogue must not overflow the call stack.
     */
    public void forEachDecision(Game game, DecisionVisitor visitor) {
        Deque<Integer> nodes = new ArrayDeque<>();
        Deque<State> states = new ArrayDeque<>();
        nodes.push(0);
        states.push(game.initialState());
        while (!nodes.isEmpty()) {
            int node = nodes.pop();
            State state = states.pop();
            int p = player(node);
            if (p == TERMINAL) {
                continue;
            }
            if (p >= 0) {
                visitor.visit(node, state);
            }
            for (int c = firstChild(node), end = c + childCount(node); c < end; c++) {
                nodes.push(c);
                states.push(state.child(action(c)));
            }
        }
    }

    // Bulk copies for solvers: read once at construction.

    public int[] players() {
        return player.clone();
    }

    public int[] parents() {
        return parent.clone();
    }

    public int[] firstChildren() {
        return firstChild.clone();
    }

    public int[] childCounts() {
        return childCount.clone();
    }

    public double[] chanceProbabilities() {
        return chanceProbability.clone();
    }

    public int[] infosets() {
        return infoset.clone();
    }

    public int[] edgeSlots() {
        return edgeSlot.clone();
    }

    /** Terminal payoffs, {@code [node * numPlayers + player]}. */
    public double[] utilities() {
        return utilities.clone();
    }

    public int[] infosetPlayers() {
        return infosetPlayer.clone();
    }

    public int[] actionCounts() {
        return infosetActionCount.clone();
    }

    /** Slot offsets, one more than the number of infosets: {@code slotStarts()[numInfosets()] == numSlots()}. */
    public int[] slotStarts() {
        return slotStart.clone();
    }

    /** Offsets into {@link #infosetNodeList()}, one more than the number of infosets. */
    public int[] infosetNodeStarts() {
        return infosetNodeStart.clone();
    }

    /** The decision nodes grouped by infoset (see {@link #infosetNodeStarts()}). */
    public int[] infosetNodeList() {
        return infosetNodes.clone();
    }

    @Override
    public String toString() {
        return "GameTree[" + name + ": " + numNodes() + " nodes (" + numChance + " chance, " + numDecision
                + " decision, " + numTerminal + " terminal), " + numInfosets() + " infosets]";
    }

    /** Growable arrays filled by the depth-first walk. */
    private static final class Builder {
        private static final double PROBABILITY_TOLERANCE = 1e-9;

        final Game game;
        final int maxNodes;
        final int numPlayers;
        final CompileVisitor visitor;
        int size;
        int[] player = new int[1024];
        int[] parent = new int[1024];
        int[] firstChild = new int[1024];
        int[] childCount = new int[1024];
        int[] action = new int[1024];
        String[] actionLabel = new String[1024];
        double[] chanceProbability = new double[1024];
        int[] infoset = new int[1024];
        int[] depth = new int[1024];
        double[] utilities;

        final InfosetKeys keys = new InfosetKeys();
        int[] infosetPlayer = new int[256];
        /** Slot offsets per infoset so far ({@code slotStart[keys.size()]} is the number of slots). */
        int[] slotStart = new int[257];
        int[] slotAction = new int[1024];
        String[] slotLabel = new String[1024];
        final Map<String, String> labelIntern = new HashMap<>();

        Builder(Game game, int maxNodes, CompileVisitor visitor) {
            this.game = game;
            this.maxNodes = maxNodes;
            this.numPlayers = game.numPlayers();
            this.visitor = visitor;
            this.utilities = new double[1024 * numPlayers];
        }

        /** Reserves {@code count} consecutive node ids, children of {@code parentNode}. */
        int allocate(int count, int parentNode, int nodeDepth) {
            if ((long) size + count > maxNodes) {
                throw new TreeTooLargeException("game '" + game.name() + "' has more than " + maxNodes
                        + " nodes; raise the limit or use a sampling solver");
            }
            ensure(size + count);
            int start = size;
            for (int i = 0; i < count; i++) {
                parent[start + i] = parentNode;
                depth[start + i] = nodeDepth;
                infoset[start + i] = -1;
            }
            size += count;
            return start;
        }

        private void ensure(int capacity) {
            if (capacity <= player.length) {
                return;
            }
            int c = Math.max(capacity, player.length * 2);
            player = Arrays.copyOf(player, c);
            parent = Arrays.copyOf(parent, c);
            firstChild = Arrays.copyOf(firstChild, c);
            childCount = Arrays.copyOf(childCount, c);
            action = Arrays.copyOf(action, c);
            actionLabel = Arrays.copyOf(actionLabel, c);
            chanceProbability = Arrays.copyOf(chanceProbability, c);
            infoset = Arrays.copyOf(infoset, c);
            depth = Arrays.copyOf(depth, c);
            utilities = Arrays.copyOf(utilities, c * numPlayers);
        }

        private String intern(String s) {
            return labelIntern.computeIfAbsent(s, k -> k);
        }

        /**
         * A node whose children are being walked: its state, actions, the next child to visit, and per player the
         * infoset of that player's nearest decision on the path so far (-1: none yet) with its key, which a later
         * key of the same player usually extends.
         */
        private static final class Frame {
            final State state;
            final int[] actions;
            final int start;
            final int[] ownInfoset;
            final String[] ownKey;
            int next;

            Frame(State state, int[] actions, int start, int[] ownInfoset, String[] ownKey) {
                this.state = state;
                this.actions = actions;
                this.start = start;
                this.ownInfoset = ownInfoset;
                this.ownKey = ownKey;
            }
        }

        /**
         * Depth-first from {@code root}: each node's children get consecutive ids when it is visited, then are
         * visited in order, each subtree complete before the next sibling's, as a recursive walk would.
         */
        void walk(int root, State rootState) {
            Deque<Frame> stack = new ArrayDeque<>();
            int[] none = new int[numPlayers];
            Arrays.fill(none, -1);
            Frame first = expand(root, rootState, none, new String[numPlayers]);
            if (first != null) {
                stack.push(first);
            }
            while (!stack.isEmpty()) {
                Frame f = stack.peek();
                if (f.next == f.actions.length) {
                    stack.pop();
                    continue;
                }
                int i = f.next++;
                Frame child = expand(f.start + i, f.state.child(f.actions[i]), f.ownInfoset, f.ownKey);
                if (child != null) {
                    stack.push(child);
                }
            }
        }

        /**
         * Fills {@code node} from its state and allocates its children; the frame to walk them, null at a leaf.
         * {@code ownInfoset} and {@code ownKey} are the parent's, shared until this node changes them.
         */
        private Frame expand(int node, State state, int[] ownInfoset, String[] ownKey) {
            int p = state.currentPlayer();
            player[node] = p;
            if (p == TERMINAL) {
                double[] r = state.returns();
                if (r.length != numPlayers) {
                    throw new GameModelException("terminal returns have " + r.length + " entries for "
                            + numPlayers + " players");
                }
                System.arraycopy(r, 0, utilities, node * numPlayers, numPlayers);
                childCount[node] = 0;
                firstChild[node] = -1;
                return null;
            }
            int[] actions;
            double[] probabilities = null;
            if (p == CHANCE) {
                List<ChanceOutcome> outcomes = state.chanceOutcomes();
                actions = new int[outcomes.size()];
                probabilities = new double[outcomes.size()];
                double total = 0;
                for (int i = 0; i < actions.length; i++) {
                    actions[i] = outcomes.get(i).action();
                    probabilities[i] = outcomes.get(i).probability();
                    total += probabilities[i];
                }
                if (actions.length == 0 || Math.abs(total - 1.0) > PROBABILITY_TOLERANCE) {
                    throw new GameModelException("chance node with " + actions.length
                            + " outcomes whose probabilities sum to " + total + " (expected 1)");
                }
            } else if (p >= 0 && p < numPlayers) {
                actions = state.legalActions();
                if (actions.length == 0) {
                    throw new GameModelException("decision node of player " + p + " has no legal actions");
                }
                String key = state.infoStateKey(p);
                int is = registerInfoset(node, p, state, actions, key, ownInfoset[p], ownKey[p]);
                if (visitor != null) {
                    visitor.decision(node, is, state);
                }
                ownInfoset = ownInfoset.clone();
                ownKey = ownKey.clone();
                ownInfoset[p] = is;
                ownKey[p] = key;
            } else {
                throw new GameModelException("invalid current player " + p);
            }
            int start = allocate(actions.length, node, depth[node] + 1);
            firstChild[node] = start;
            childCount[node] = actions.length;
            for (int i = 0; i < actions.length; i++) {
                int child = start + i;
                action[child] = actions[i];
                actionLabel[child] = intern(state.actionLabel(actions[i]));
                chanceProbability[child] = probabilities == null ? 1.0 : probabilities[i];
            }
            return new Frame(state, actions, start, ownInfoset, ownKey);
        }

        /**
         * The infoset of {@code key}, added when new: stored as an extension of {@code earlier} (the key of the
         * player's previous decision on this path) when it starts with it, whole otherwise.
         */
        private int registerInfoset(int node, int p, State state, int[] actions, String key, int earlierInfoset,
                                    String earlier) {
            long h = InfosetKeys.hash(key);
            int existing = keys.find(key, h);
            if (existing < 0) {
                boolean extends_ = earlierInfoset >= 0 && key.startsWith(earlier);
                existing = keys.add(key, h, extends_ ? earlierInfoset : -1, extends_ ? earlier.length() : 0);
                if (existing == infosetPlayer.length) {
                    infosetPlayer = Arrays.copyOf(infosetPlayer, existing * 2);
                    slotStart = Arrays.copyOf(slotStart, existing * 2 + 1);
                }
                infosetPlayer[existing] = p;
                int first = slotStart[existing];
                int end = first + actions.length;
                if (end > slotAction.length) {
                    int c = Math.max(end, slotAction.length * 2);
                    slotAction = Arrays.copyOf(slotAction, c);
                    slotLabel = Arrays.copyOf(slotLabel, c);
                }
                for (int i = 0; i < actions.length; i++) {
                    slotAction[first + i] = actions[i];
                    slotLabel[first + i] = intern(state.actionLabel(actions[i]));
                }
                slotStart[existing + 1] = end;
            } else {
                if (infosetPlayer[existing] != p) {
                    throw new GameModelException("infoset '" + key + "' is shared by players "
                            + infosetPlayer[existing] + " and " + p);
                }
                int first = slotStart[existing];
                int count = slotStart[existing + 1] - first;
                if (!Arrays.equals(slotAction, first, first + count, actions, 0, actions.length)) {
                    throw new GameModelException("infoset '" + key + "' has different legal actions at two of "
                            + "its histories: " + Arrays.toString(Arrays.copyOfRange(slotAction, first,
                            first + count)) + " and " + Arrays.toString(actions));
                }
            }
            infoset[node] = existing;
            return existing;
        }
    }
}
