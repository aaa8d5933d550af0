package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import dev.parley.game.Game;
import dev.parley.game.State;
import dev.parley.game.TabularPolicy;
import dev.parley.mccfr.MccfrSolver;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The paper's figures where the tree cannot be expanded, estimated by sampling the lazily generated game.
 *
 * <ul>
 *   <li><b>NashConv, a lower bound.</b> For each player i, a best response to the fixed profile σ is trained by
 *       outcome-sampling MCCFR in which only i learns and the others play σ ({@link MccfrSolver#bestResponse});
 *       its regret-matching policy (σ_i's own where the training learnt nothing) b_i is a policy like any other, so u_i(b_i, σ_-i) ≤ max u_i(·, σ_-i) and
 *       Σ_i [u_i(b_i, σ_-i) − u_i(σ)] ≤ NashConv(σ) in expectation. Both values come from playouts paired by
 *       random stream (the same draws for both profiles of a pair), and the interval is the Student-t 95% interval
 *       over the pairs. Its stated error is the interval's half-width: the bound holds up to it. The trained response
 *       is kept only if it beats σ_i on a quarter as many playouts of their own (held out: never the evaluation's
 *       streams); otherwise σ_i is i's response, with gain exactly 0, so a poorly trained response cannot drag
 *       the bound below 0.</li>
 *   <li><b>Payoffs and CFR gain</b> (σ_i against the baseline minus all-baseline), from the same paired
 *       playouts.</li>
 * </ul>
 *
 * @param nashConv  the NashConv lower bound over the players
 * @param responses per player, its sampled best response's gain over σ (each a lower bound of its share)
 * @param responseKept per player, whether the trained response beat σ_i on the held-out selection playouts (if
 *                  not, σ_i itself is the response and its gain is exactly 0)
 * @param cfrGain   per player, the CFR gain
 * @param eqVsEq    per player, payoff when everyone follows σ
 * @param eqVsBase  per player, payoff following σ while the others play the baseline
 * @param baseVsBase per player, payoff when everyone plays the baseline
 * @param playouts  paired playouts per figure
 * @param responseIterations outcome-sampling iterations per best response
 * @param calls     model calls (offline: generations) the estimation made
 */
public record SampledEstimates(Estimate nashConv, Estimate[] responses, boolean[] responseKept, Estimate[] cfrGain,
                               Estimate[] eqVsEq,
                               Estimate[] eqVsBase, Estimate[] baseVsBase, int playouts, int responseIterations,
                               long calls) {

    /**
     * @param policy             the profile σ (uniform where it has no row)
     * @param playouts           paired playouts per figure (at least 2)
     * @param responseIterations iterations of each sampled best response
     * @param calls              the model calls made so far (to account for the estimation's own)
     */
    public static SampledEstimates of(DialogueGame game, TabularPolicy policy, int playouts, int responseIterations,
                                      long seed, java.util.function.LongSupplier calls) {
        if (playouts < 2) {
            throw new IllegalArgumentException("at least 2 playouts, got " + playouts);
        }
        long before = calls.getAsLong();
        int n = game.numPlayers();
        LazyProfiles.Profile eq = LazyProfiles.of(policy);
        LazyProfiles.Profile base = LazyProfiles.baseline(game);
        List<LazyProfiles.Profile> responses = new ArrayList<>();
        boolean[] kept = new boolean[n];
        State start = game.initialState();
        for (int p = 0; p < n; p++) {
            LazyProfiles.Profile br = LazyProfiles.mix(p, response(game, p, policy, responseIterations,
                    seed + 7919L * (p + 1)), eq);
            // held-out selection: keep the trained response only if it beats σ_p on playouts of their own, never
            // the evaluation's; otherwise σ_p itself is the response (gain exactly 0), so the bound stays a bound
            int selection = Math.max(2, playouts / 4);
            double gainSeen = 0;
            for (int k = 0; k < selection; k++) {
                long stream = ~(seed * 0x9E3779B97F4A7C15L + k + 1_000_003L * (p + 1));
                gainSeen += LazyProfiles.play(start, br, new SplittableRandom(stream))[p]
                        - LazyProfiles.play(start, eq, new SplittableRandom(stream))[p];
            }
            kept[p] = gainSeen > 0;
            responses.add(kept[p] ? br : eq);
        }
        double[][] eqEq = new double[n][playouts];
        double[][] eqBase = new double[n][playouts];
        double[][] baseBase = new double[n][playouts];
        double[][] gain = new double[n][playouts];
        double[][] response = new double[n][playouts];
        double[] nashConv = new double[playouts];
        State root = game.initialState();
        for (int k = 0; k < playouts; k++) {
            long stream = seed * 0x9E3779B97F4A7C15L + k;
            double[] ee = LazyProfiles.play(root, eq, new SplittableRandom(stream));
            double[] bb = LazyProfiles.play(root, base, new SplittableRandom(stream));
            for (int p = 0; p < n; p++) {
                double[] eb = LazyProfiles.play(root, LazyProfiles.mix(p, eq, base), new SplittableRandom(stream));
                double[] br = LazyProfiles.play(root, responses.get(p), new SplittableRandom(stream));
                eqEq[p][k] = ee[p];
                baseBase[p][k] = bb[p];
                eqBase[p][k] = eb[p];
                gain[p][k] = eb[p] - bb[p];
                response[p][k] = br[p] - ee[p];
                nashConv[k] += response[p][k];
            }
        }
        return new SampledEstimates(Estimate.of(nashConv), each(response), kept, each(gain), each(eqEq),
                each(eqBase), each(baseBase), playouts, responseIterations, calls.getAsLong() - before);
    }

    /**
     * Player p's sampled best response to {@code policy}, as a profile for p (the others are filled in later): its
     * regret-matching policy where the training learnt something (a row that is not uniform), {@code policy}'s own
     * row elsewhere, so that the information states the training never reached are played as σ plays them. Chosen
     * before any evaluation playout, so the bound stays a bound.
     */
    private static LazyProfiles.Profile response(Game game, int p, TabularPolicy policy, int iterations, long seed) {
        MccfrSolver br = MccfrSolver.bestResponse(game, p, policy, seed);
        br.run(iterations);
        java.util.Map<String, TabularPolicy.Row> learnt = new java.util.HashMap<>();
        br.currentPolicy().rows().forEach((key, row) -> {
            if (!uniform(row.probabilities())) {
                learnt.put(key, row);
            }
        });
        TabularPolicy response = new TabularPolicy(policy.game(), learnt);
        return state -> {
            String key = state.infoStateKey(state.currentPlayer());
            return learnt.containsKey(key) ? response.actionProbabilities(state) : policy.actionProbabilities(state);
        };
    }

    private static boolean uniform(double[] p) {
        for (double v : p) {
            if (Math.abs(v - p[0]) > 1e-12) {
                return false;
            }
        }
        return true;
    }

    private static Estimate[] each(double[][] values) {
        Estimate[] out = new Estimate[values.length];
        for (int p = 0; p < out.length; p++) {
            out[p] = Estimate.of(values[p]);
        }
        return out;
    }
}
