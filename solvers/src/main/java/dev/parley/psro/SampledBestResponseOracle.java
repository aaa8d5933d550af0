package dev.parley.psro;

import dev.parley.game.Game;
import dev.parley.game.Policy;
import dev.parley.game.State;
import dev.parley.game.TabularPolicy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * An approximate best response computed from simulations against the others' meta-strategies, on any {@link Game}
 * (no compiled tree needed: this is the oracle dialogue games use).
 *
 * <p>Each of {@code episodes} episodes draws one population member per opponent from its meta-strategy (which is
 * exactly playing the mixture) and walks the game from the root: chance and opponents' actions are sampled, the
 * responder's actions are all expanded. Episodes are merged into a sampled tree whose counts give the empirical
 * distribution of chance and opponent play. The best response to that empirical distribution is then computed
 * exactly by backward induction over the responder's infosets (perfect recall makes them a forest): the value of
 * action a at infoset I is {@code Σ_{h in I} count(h) · V(h·a)}, where V uses the best responses already chosen below.
 * As episodes grow it converges to the exact best response. Infosets never sampled are left out of the policy
 * (played uniformly). Simulations reported: terminal histories visited.
 */
public final class SampledBestResponseOracle implements ResponseOracle {

    private final int episodes;

    public SampledBestResponseOracle(int episodes) {
        if (episodes < 1) {
            throw new IllegalArgumentException("need at least one episode");
        }
        this.episodes = episodes;
    }

    @Override
    public String name() {
        return "sampled";
    }

    @Override
    public Response respond(Context c) {
        Game game = c.game();
        int me = c.player();
        Node root = new Node(game.initialState());
        Walk walk = new Walk(me, c.rng());
        Policy[] opponents = new Policy[game.numPlayers()];
        for (int e = 0; e < episodes; e++) {
            for (int p = 0; p < opponents.length; p++) {
                if (p != me) {
                    opponents[p] = c.populations().get(p).get(sample(c.metaStrategy().get(p), c.rng())).policy();
                }
            }
            walk.opponents = opponents;
            walk.visit(root);
        }
        Map<String, Integer> choice = new HashMap<>();
        double value = walk.value(root, choice);
        Map<String, TabularPolicy.Row> rows = new LinkedHashMap<>();
        for (Map.Entry<String, List<Node>> e : walk.infosets.entrySet()) {
            Node any = e.getValue().get(0);
            int[] actions = any.state.legalActions();
            String[] labels = new String[actions.length];
            double[] probs = new double[actions.length];
            for (int a = 0; a < actions.length; a++) {
                labels[a] = any.state.actionLabel(actions[a]);
            }
            probs[walk.best(e.getKey(), choice)] = 1;
            rows.put(e.getKey(), new TabularPolicy.Row(me, actions, labels, probs));
        }
        return new Response(new Strategy("sbr" + c.iteration(), new TabularPolicy(game.name(), rows)),
                value / episodes, walk.terminals);
    }

    static int sample(double[] weights, Random rng) {
        double u = rng.nextDouble();
        for (int i = 0; i < weights.length; i++) {
            u -= weights[i];
            if (u < 0) {
                return i;
            }
        }
        for (int i = weights.length - 1; i >= 0; i--) {
            if (weights[i] > 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    /** A history of the sampled tree; {@code count} episodes passed through it. */
    private static final class Node {
        final State state;
        int count;
        final Map<Integer, Node> children = new LinkedHashMap<>();
        double memo = Double.NaN;

        Node(State state) {
            this.state = state;
        }

        Node child(int action) {
            return children.computeIfAbsent(action, a -> new Node(state.child(a)));
        }
    }

    private static final class Walk {
        final int me;
        final Random rng;
        Policy[] opponents;
        long terminals;
        final Map<String, List<Node>> infosets = new LinkedHashMap<>();

        Walk(int me, Random rng) {
            this.me = me;
            this.rng = rng;
        }

        void visit(Node node) {
            node.count++;
            State s = node.state;
            if (s.isTerminal()) {
                terminals++;
                return;
            }
            if (s.currentPlayer() == me) {
                if (node.count == 1) {
                    infosets.computeIfAbsent(s.infoStateKey(me), k -> new ArrayList<>()).add(node);
                }
                for (int a : s.legalActions()) {
                    visit(node.child(a));
                }
                return;
            }
            Policy policy = s.isChance() ? null : opponents[s.currentPlayer()];
            visit(node.child(SimulationEvaluator.sampleAction(s, policy, rng)));
        }

        /** Σ over episodes of the responder's return from {@code node} (i.e. count × empirical value). */
        double value(Node node, Map<String, Integer> choice) {
            if (!Double.isNaN(node.memo)) {
                return node.memo;
            }
            State s = node.state;
            double v;
            if (s.isTerminal()) {
                v = node.count * s.returns()[me];
            } else if (s.currentPlayer() == me) {
                int a = best(s.infoStateKey(me), choice);
                v = value(node.child(s.legalActions()[a]), choice);
            } else {
                v = 0;
                for (Node child : node.children.values()) {
                    v += value(child, choice);
                }
            }
            node.memo = v;
            return v;
        }

        /** The index (into legal actions) of the best action at an infoset, memoised in {@code choice}. */
        int best(String key, Map<String, Integer> choice) {
            Integer known = choice.get(key);
            if (known != null) {
                return known;
            }
            List<Node> members = infosets.get(key);
            int[] actions = members.get(0).state.legalActions();
            int bestIndex = 0;
            double bestValue = Double.NEGATIVE_INFINITY;
            for (int a = 0; a < actions.length; a++) {
                double q = 0;
                for (Node h : members) {
                    q += value(h.child(actions[a]), choice);
                }
                if (q > bestValue + 1e-12) {
                    bestValue = q;
                    bestIndex = a;
                }
            }
            choice.put(key, bestIndex);
            return bestIndex;
        }
    }
}
