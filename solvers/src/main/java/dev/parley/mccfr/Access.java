package dev.parley.mccfr;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.State;
import dev.parley.game.TabularPolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the Monte-Carlo solvers walk a game and find an infoset's slots: on a compiled {@link GameTree} (node handles,
 * fixed slots, no allocation) or on a {@link Game} (states, slots assigned to infoset keys as they are first met).
 *
 * @param <S> the handle of a history
 */
interface Access<S> {

    S root();

    /** The player to move, {@link State#CHANCE} or {@link State#TERMINAL}. */
    int player(S s);

    int numActions(S s);

    /** The child by action index (0 .. numActions-1). */
    S child(S s, int index);

    /** Probability of chance outcome {@code index}. */
    double chanceProbability(S s, int index);

    double utility(S s, int p);

    /** The first slot of the infoset of decision history {@code s} (its actions follow). */
    int slot(S s);

    /** Number of slots assigned so far; the solver grows its tables to match. */
    int numSlots();

    /** The average policy from per-slot cumulative weights. */
    TabularPolicy policy(double[] cumulative);

    /** {@code fixed}'s probabilities of the actions of decision history {@code s}, in action-index order. */
    double[] fixedPolicy(S s, dev.parley.game.Policy fixed);

    /** Compiled-tree access: handles are pre-allocated node objects. */
    final class Tree implements Access<Tree.Node> {
        static final class Node {
            final int id;

            Node(int id) {
                this.id = id;
            }
        }

        private final GameTree tree;
        private final Node[] nodes;
        private final int[] player;
        private final int[] firstChild;
        private final int[] childCount;
        private final int[] slotOfNode;
        private final double[] chance;
        private final double[] utilities;
        private final int numPlayers;

        Tree(GameTree tree) {
            this.tree = tree;
            int n = tree.numNodes();
            this.nodes = new Node[n];
            for (int i = 0; i < n; i++) {
                nodes[i] = new Node(i);
            }
            this.player = tree.players();
            this.firstChild = tree.firstChildren();
            this.childCount = tree.childCounts();
            this.chance = tree.chanceProbabilities();
            this.utilities = tree.utilities();
            this.numPlayers = tree.numPlayers();
            this.slotOfNode = new int[n];
            int[] infoset = tree.infosets();
            int[] slotStart = tree.slotStarts();
            for (int i = 0; i < n; i++) {
                slotOfNode[i] = infoset[i] >= 0 ? slotStart[infoset[i]] : -1;
            }
        }

        @Override
        public Node root() {
            return nodes[0];
        }

        @Override
        public int player(Node s) {
            return player[s.id];
        }

        @Override
        public int numActions(Node s) {
            return childCount[s.id];
        }

        @Override
        public Node child(Node s, int index) {
            return nodes[firstChild[s.id] + index];
        }

        @Override
        public double chanceProbability(Node s, int index) {
            return chance[firstChild[s.id] + index];
        }

        @Override
        public double utility(Node s, int p) {
            return utilities[s.id * numPlayers + p];
        }

        @Override
        public int slot(Node s) {
            return slotOfNode[s.id];
        }

        @Override
        public int numSlots() {
            return tree.numSlots();
        }

        @Override
        public TabularPolicy policy(double[] cumulative) {
            return TabularPolicy.fromSlots(tree, Arrays.copyOf(cumulative, tree.numSlots()));
        }

        @Override
        public double[] fixedPolicy(Node s, dev.parley.game.Policy fixed) {
            int is = tree.infoset(s.id);
            int start = tree.slotStart(is);
            int[] actions = new int[tree.actionCount(is)];
            for (int k = 0; k < actions.length; k++) {
                actions[k] = tree.slotAction(start + k);
            }
            return fixed.actionProbabilities(tree.infosetKey(is), actions);
        }
    }

    /** Direct access to a {@link Game}: for games too large to compile. */
    final class Direct implements Access<State> {
        record Infoset(int slot, int player, int[] actions, String[] labels) { }

        private final Game game;
        private final Map<String, Infoset> infosets = new HashMap<>();
        private final List<String> order = new ArrayList<>();
        private int slots;

        /** The infosets met so far, in the order they were met. */
        List<Map.Entry<String, Infoset>> infosets() {
            List<Map.Entry<String, Infoset>> out = new ArrayList<>(order.size());
            for (String key : order) {
                out.add(Map.entry(key, infosets.get(key)));
            }
            return out;
        }

        /** Restores an infoset met by an earlier run (slots are assigned in the same order). */
        void restore(String key, int player, int[] actions, String[] labels) {
            if (infosets.containsKey(key)) {
                throw new IllegalArgumentException("infoset restored twice: " + key);
            }
            infosets.put(key, new Infoset(slots, player, actions, labels));
            slots += actions.length;
            order.add(key);
        }

        Game game() {
            return game;
        }

        Direct(Game game) {
            this.game = game;
        }

        @Override
        public State root() {
            return game.initialState();
        }

        @Override
        public int player(State s) {
            return s.currentPlayer();
        }

        @Override
        public int numActions(State s) {
            return s.isChance() ? s.chanceOutcomes().size() : s.legalActions().length;
        }

        @Override
        public State child(State s, int index) {
            if (s.isChance()) {
                return s.child(s.chanceOutcomes().get(index).action());
            }
            return s.child(s.legalActions()[index]);
        }

        @Override
        public double chanceProbability(State s, int index) {
            List<ChanceOutcome> outcomes = s.chanceOutcomes();
            return outcomes.get(index).probability();
        }

        @Override
        public double utility(State s, int p) {
            return s.returns()[p];
        }

        @Override
        public int slot(State s) {
            int p = s.currentPlayer();
            String key = s.infoStateKey(p);
            Infoset is = infosets.get(key);
            if (is == null) {
                int[] actions = s.legalActions();
                String[] labels = new String[actions.length];
                for (int i = 0; i < actions.length; i++) {
                    labels[i] = s.actionLabel(actions[i]);
                }
                is = new Infoset(slots, p, actions, labels);
                slots += actions.length;
                infosets.put(key, is);
                order.add(key);
            }
            return is.slot();
        }

        @Override
        public int numSlots() {
            return slots;
        }

        @Override
        public TabularPolicy policy(double[] cumulative) {
            Map<String, TabularPolicy.Row> rows = new LinkedHashMap<>();
            for (String key : order) {
                Infoset is = infosets.get(key);
                int k = is.actions().length;
                double total = 0;
                for (int i = 0; i < k; i++) {
                    total += cumulative[is.slot() + i];
                }
                double[] p = new double[k];
                for (int i = 0; i < k; i++) {
                    p[i] = total > 0 ? cumulative[is.slot() + i] / total : 1.0 / k;
                }
                rows.put(key, new TabularPolicy.Row(is.player(), is.actions(), is.labels(), p));
            }
            return new TabularPolicy(game.name(), rows);
        }

        @Override
        public double[] fixedPolicy(State s, dev.parley.game.Policy fixed) {
            return fixed.actionProbabilities(s);
        }
    }
}
