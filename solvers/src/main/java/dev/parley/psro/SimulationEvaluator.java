package dev.parley.psro;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.Policy;
import dev.parley.game.State;
import dev.parley.nfg.RunningMoments;
import java.util.List;
import java.util.Random;

/**
 * Meta-game entries by Monte-Carlo simulation on any {@link Game}: {@code episodes} playouts with chance and every
 * player's actions sampled; reports means and standard errors. This is what dialogue games use, where a full tree
 * walk would cost a language-model call per node.
 */
public final class SimulationEvaluator implements ProfileEvaluator {

    private final Game game;
    private final int episodes;

    public SimulationEvaluator(Game game, int episodes) {
        if (episodes < 1) {
            throw new IllegalArgumentException("need at least one episode");
        }
        this.game = game;
        this.episodes = episodes;
    }

    @Override
    public Evaluation evaluate(List<Policy> profile, Random rng) {
        RunningMoments moments = new RunningMoments(game.numPlayers());
        for (int e = 1; e <= episodes; e++) {
            moments.add(playout(game, profile, rng));
        }
        return new Evaluation(moments.means(), moments.standardErrors(), episodes);
    }

    /** One playout: chance and each player's actions sampled from their distributions. */
    static double[] playout(Game game, List<Policy> profile, Random rng) {
        State s = game.initialState();
        while (!s.isTerminal()) {
            s = s.child(sampleAction(s, s.isChance() ? null : profile.get(s.currentPlayer()), rng));
        }
        return s.returns();
    }

    /** Samples an action at a chance node ({@code policy} null) or a decision node. */
    static int sampleAction(State s, Policy policy, Random rng) {
        if (policy == null) {
            List<ChanceOutcome> outcomes = s.chanceOutcomes();
            double u = rng.nextDouble();
            for (ChanceOutcome o : outcomes) {
                u -= o.probability();
                if (u < 0) {
                    return o.action();
                }
            }
            return outcomes.get(outcomes.size() - 1).action();
        }
        int[] actions = s.legalActions();
        double[] p = policy.actionProbabilities(s);
        double u = rng.nextDouble();
        for (int i = 0; i < actions.length; i++) {
            u -= p[i];
            if (u < 0) {
                return actions[i];
            }
        }
        return actions[actions.length - 1];
    }
}
