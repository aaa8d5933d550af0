package dev.parley.nfg;

import dev.parley.game.NormalFormGame;

/**
 * Regret matching (Hart and Mas-Colell, 2000) in self-play for n-player games: every player plays in proportion to
 * its positive cumulative regrets, all simultaneously. The time-averaged profile is returned; it converges to a Nash
 * equilibrium in two-player zero-sum games (in general-sum games the averaged joint play approaches the coarse
 * correlated equilibria, and the reported Nash regrets of the averaged profile say how far it is from Nash). Stops by
 * the {@link StoppingRule} on the averaged profile's NashConv.
 */
public final class RegretMatching implements MetaSolver {

    private final StoppingRule stop;

    public RegretMatching() {
        this(StoppingRule.defaults());
    }

    public RegretMatching(StoppingRule stop) {
        this.stop = stop;
    }

    @Override
    public String name() {
        return "rm";
    }

    @Override
    public MetaSolution solve(NormalFormGame game) {
        int n = game.numPlayers();
        double[][] x = Profiles.uniform(game);
        double[][] regret = new double[n][];
        double[][] sum = new double[n][];
        for (int p = 0; p < n; p++) {
            regret[p] = new double[game.numStrategies(p)];
            sum[p] = new double[game.numStrategies(p)];
        }
        double[][] avg = x;
        int it = 0;
        while (it < stop.maxIterations()) {
            double[][] next = new double[n][];
            for (int p = 0; p < n; p++) {
                double[] u = Profiles.deviationPayoffs(game, x, p);
                double value = 0;
                for (int s = 0; s < u.length; s++) {
                    value += x[p][s] * u[s];
                }
                double positive = 0;
                for (int s = 0; s < u.length; s++) {
                    regret[p][s] += u[s] - value;
                    positive += Math.max(0, regret[p][s]);
                }
                next[p] = new double[u.length];
                for (int s = 0; s < u.length; s++) {
                    next[p][s] = positive > 0 ? Math.max(0, regret[p][s]) / positive : 1.0 / u.length;
                }
            }
            for (int p = 0; p < n; p++) {
                for (int s = 0; s < x[p].length; s++) {
                    sum[p][s] += x[p][s];
                }
            }
            x = next;
            it++;
            if (it % stop.checkEvery() == 0 || it == stop.maxIterations()) {
                avg = new double[n][];
                for (int p = 0; p < n; p++) {
                    avg[p] = Equilibria.normalise(sum[p]);
                }
                if (Profiles.nashConv(game, avg) <= stop.regretThreshold()) {
                    break;
                }
            }
        }
        return MetaSolver.product(name(), game, avg, it);
    }
}
