package dev.parley.psro;

import dev.parley.game.Policy;
import java.util.ArrayList;
import java.util.List;

/**
 * Prompt-space PSRO's oracle: asks a {@link CandidateGenerator} for new candidate strategies, evaluates each against
 * the others' meta-strategies with a {@link ProfileEvaluator}, and returns the best. A candidate's value is the
 * meta-strategy-weighted average of its payoff against every pure profile of the other populations (profiles of
 * weight 0 are skipped).
 */
public final class GeneratorOracle implements ResponseOracle {

    private final CandidateGenerator generator;
    private final int candidates;
    private final ProfileEvaluator evaluator;

    public GeneratorOracle(CandidateGenerator generator, int candidates, ProfileEvaluator evaluator) {
        if (candidates < 1) {
            throw new IllegalArgumentException("need at least one candidate");
        }
        this.generator = generator;
        this.candidates = candidates;
        this.evaluator = evaluator;
    }

    @Override
    public String name() {
        return "generator";
    }

    @Override
    public Response respond(Context c) {
        List<Strategy> proposed = generator.propose(c.player(), c.populations().get(c.player()), candidates, c.rng());
        if (proposed.isEmpty()) {
            throw new IllegalStateException("the candidate generator proposed nothing");
        }
        Strategy best = null;
        double bestValue = Double.NEGATIVE_INFINITY;
        long sims = 0;
        for (Strategy s : proposed) {
            double[] v = new double[1];
            sims += againstMeta(c, s.policy(), v);
            if (v[0] > bestValue) {
                bestValue = v[0];
                best = s;
            }
        }
        return new Response(best, bestValue, sims);
    }

    /** The value of {@code policy} for the responder against the others' meta-strategies; returns simulations. */
    private long againstMeta(Context c, Policy policy, double[] out) {
        int n = c.populations().size();
        int[] index = new int[n];
        long sims = 0;
        double value = 0;
        while (true) {
            double w = 1;
            for (int p = 0; p < n; p++) {
                if (p != c.player()) {
                    w *= c.metaStrategy().get(p)[index[p]];
                }
            }
            if (w > 0) {
                List<Policy> profile = new ArrayList<>();
                for (int p = 0; p < n; p++) {
                    profile.add(p == c.player() ? policy : c.populations().get(p).get(index[p]).policy());
                }
                Evaluation e = evaluator.evaluate(profile, c.rng());
                sims += e.samples();
                value += w * e.means()[c.player()];
            }
            int p = 0;
            for (; p < n; p++) {
                if (p == c.player()) {
                    continue;
                }
                if (++index[p] < c.populations().get(p).size()) {
                    break;
                }
                index[p] = 0;
            }
            if (p == n) {
                break;
            }
        }
        out[0] = value;
        return sims;
    }
}
