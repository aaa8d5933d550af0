package dev.parley.psro;

import dev.parley.game.GameTree;
import dev.parley.game.Policy;
import java.util.List;

/**
 * Turns a meta-strategy — a mixture over a population of policies — into the single behavioural policy that plays
 * the same, on a compiled {@link GameTree}, as "slot arrays" (one probability per infoset action, see GameTree).
 *
 * <p>By Kuhn's theorem (perfect recall), the mixture that picks policy k with weight {@code w_k} at the start of the
 * game and follows it throughout is equivalent to the behavioural policy
 * {@code σ(I, a) = Σ_k w_k r_k(I) σ_k(I, a) / Σ_k w_k r_k(I)}, where {@code r_k(I)} is the probability that policy k's
 * own actions lead to infoset I (the same at every history of I under perfect recall). Weighting by the policies'
 * plain weights instead would be wrong whenever policies differ above I. Where no policy reaches I the plain weighted
 * average is used (the choice does not change any payoff).
 */
public final class PopulationMixture {

    private PopulationMixture() {
    }

    /** Any policy as slot probabilities of {@code tree} (every infoset of every player). */
    public static double[] slots(GameTree tree, Policy policy) {
        double[] slots = new double[tree.numSlots()];
        for (int i = 0; i < tree.numInfosets(); i++) {
            fill(tree, i, policy, slots);
        }
        return slots;
    }

    /** The slots of a profile: each infoset filled from the policy of the player who owns it. */
    public static double[] profileSlots(GameTree tree, List<Policy> profile) {
        if (profile.size() != tree.numPlayers()) {
            throw new IllegalArgumentException("profile has " + profile.size() + " policies for "
                    + tree.numPlayers() + " players");
        }
        double[] slots = new double[tree.numSlots()];
        for (int i = 0; i < tree.numInfosets(); i++) {
            fill(tree, i, profile.get(tree.infosetPlayer(i)), slots);
        }
        return slots;
    }

    private static void fill(GameTree tree, int infoset, Policy policy, double[] slots) {
        int start = tree.slotStart(infoset);
        int n = tree.actionCount(infoset);
        int[] actions = new int[n];
        for (int k = 0; k < n; k++) {
            actions[k] = tree.slotAction(start + k);
        }
        double[] p = policy.actionProbabilities(tree.infosetKey(infoset), actions);
        System.arraycopy(p, 0, slots, start, n);
    }

    /**
     * The behavioural equivalent of {@code player} mixing its {@code policies} (slot arrays) with {@code weights};
     * written into the player's slots of {@code into}, other slots untouched.
     */
    public static void mixInto(GameTree tree, int player, List<double[]> policies, double[] weights, double[] into) {
        if (policies.size() != weights.length) {
            throw new IllegalArgumentException(policies.size() + " policies but " + weights.length + " weights");
        }
        int nodes = tree.numNodes();
        int k = policies.size();
        // reach[j][node]: probability that policy j's own actions lead to node.
        double[][] reach = new double[k][nodes];
        for (int j = 0; j < k; j++) {
            double[] sigma = policies.get(j);
            double[] r = reach[j];
            r[0] = 1;
            for (int node = 0; node < nodes; node++) {
                int count = tree.childCount(node);
                if (count == 0) {
                    continue;
                }
                boolean own = tree.player(node) == player;
                int first = tree.firstChild(node);
                for (int c = first; c < first + count; c++) {
                    r[c] = own ? r[node] * sigma[tree.edgeSlot(c)] : r[node];
                }
            }
        }
        for (int i = 0; i < tree.numInfosets(); i++) {
            if (tree.infosetPlayer(i) != player) {
                continue;
            }
            int node = tree.infosetNodes(i)[0];
            int start = tree.slotStart(i);
            int n = tree.actionCount(i);
            double total = 0;
            for (int j = 0; j < k; j++) {
                total += weights[j] * reach[j][node];
            }
            for (int a = 0; a < n; a++) {
                double v = 0;
                double plain = 0;
                for (int j = 0; j < k; j++) {
                    v += weights[j] * reach[j][node] * policies.get(j)[start + a];
                    plain += weights[j] * policies.get(j)[start + a];
                }
                into[start + a] = total > 0 ? v / total : plain;
            }
        }
    }

    /** The slots of the profile where every player plays the behavioural equivalent of its meta-strategy. */
    public static double[] metaProfileSlots(GameTree tree, List<List<Strategy>> populations,
                                            List<double[]> metaStrategy) {
        double[] slots = new double[tree.numSlots()];
        for (int p = 0; p < tree.numPlayers(); p++) {
            List<double[]> policies = populations.get(p).stream().map(s -> slots(tree, s.policy())).toList();
            mixInto(tree, p, policies, metaStrategy.get(p), slots);
        }
        return slots;
    }
}
