package dev.parley.nfg;

import dev.parley.game.NormalFormGame;

/**
 * Discrete-time replicator dynamics and projected replicator dynamics (Lanctot et al., 2017) for n-player games,
 * started from the uniform profile.
 *
 * <p>Each step moves every player's mix by {@code x_s += dt · x_s (u_s - ū)}, with payoffs divided by the game's
 * payoff range so that {@code dt < 1} keeps the mix positive. The projected variant then projects each mix onto
 * {@code {x : Σx = 1, x_s >= γ / K}} (Euclidean projection), which keeps every strategy alive — the PSRO default,
 * since a strategy that dies out cannot come back. Replicator dynamics need not converge (they cycle around the
 * equilibrium of rock–paper–scissors) while their time average does, so both the current and the time-averaged
 * profile are checked; the run stops when either meets the {@link StoppingRule}, and returns the one with the
 * smaller NashConv.
 */
public final class ReplicatorDynamics implements MetaSolver {

    private final boolean projected;
    private final double stepSize;
    private final double gamma;
    private final StoppingRule stop;

    /** Plain replicator dynamics with step 0.05 and default stopping. */
    public static ReplicatorDynamics replicator() {
        return new ReplicatorDynamics(false, 0.05, 0, StoppingRule.defaults());
    }

    /** Projected replicator dynamics with step 0.05, exploration γ = 1e-6 and default stopping. */
    public static ReplicatorDynamics projected() {
        return new ReplicatorDynamics(true, 0.05, 1e-6, StoppingRule.defaults());
    }

    public ReplicatorDynamics(boolean projected, double stepSize, double gamma, StoppingRule stop) {
        if (!(stepSize > 0 && stepSize < 1) || !(gamma >= 0 && gamma < 1)) {
            throw new IllegalArgumentException("need 0 < stepSize < 1 and 0 <= gamma < 1");
        }
        this.projected = projected;
        this.stepSize = stepSize;
        this.gamma = gamma;
        this.stop = stop;
    }

    @Override
    public String name() {
        return projected ? "prd" : "rd";
    }

    @Override
    public MetaSolution solve(NormalFormGame game) {
        int n = game.numPlayers();
        double range = Equilibria.payoffRange(game);
        double[][] x = Profiles.uniform(game);
        double[][] sum = new double[n][];
        for (int p = 0; p < n; p++) {
            sum[p] = new double[game.numStrategies(p)];
        }
        double[][] best = x;
        double bestConv = Profiles.nashConv(game, x);
        int it = 0;
        while (it < stop.maxIterations() && bestConv > stop.regretThreshold()) {
            double[][] next = new double[n][];
            for (int p = 0; p < n; p++) {
                double[] u = Profiles.deviationPayoffs(game, x, p);
                double mean = 0;
                for (int s = 0; s < u.length; s++) {
                    mean += x[p][s] * u[s];
                }
                next[p] = new double[u.length];
                for (int s = 0; s < u.length; s++) {
                    next[p][s] = x[p][s] + stepSize * x[p][s] * (u[s] - mean) / range;
                }
                next[p] = projected ? projectTruncated(next[p], gamma / u.length) : Equilibria.normalise(next[p]);
            }
            x = next;
            it++;
            for (int p = 0; p < n; p++) {
                for (int s = 0; s < x[p].length; s++) {
                    sum[p][s] += x[p][s];
                }
            }
            if (it % stop.checkEvery() == 0 || it == stop.maxIterations()) {
                double[][] avg = new double[n][];
                for (int p = 0; p < n; p++) {
                    avg[p] = Equilibria.normalise(sum[p]);
                }
                for (double[][] candidate : new double[][][] {x, avg}) {
                    double conv = Profiles.nashConv(game, candidate);
                    if (conv < bestConv) {
                        bestConv = conv;
                        best = candidate;
                    }
                }
            }
        }
        return MetaSolver.product(name(), game, best, it);
    }

    /** Euclidean projection onto {@code {x : Σx = 1, x_i >= floor}}. */
    static double[] projectTruncated(double[] v, double floor) {
        int k = v.length;
        double mass = 1 - k * floor;
        double[] shifted = new double[k];
        for (int i = 0; i < k; i++) {
            shifted[i] = v[i] - floor;
        }
        double[] p = projectSimplex(shifted, mass);
        for (int i = 0; i < k; i++) {
            p[i] += floor;
        }
        return p;
    }

    /** Euclidean projection onto {@code {x >= 0 : Σx = mass}} (sort-based, Held et al. 1974). */
    static double[] projectSimplex(double[] v, double mass) {
        double[] u = v.clone();
        java.util.Arrays.sort(u);
        double cumulative = 0;
        double theta = 0;
        for (int i = u.length - 1; i >= 0; i--) {
            cumulative += u[i];
            double t = (cumulative - mass) / (u.length - i);
            if (i == 0 || u[i - 1] <= t) {
                theta = t;
                break;
            }
        }
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Math.max(0, v[i] - theta);
        }
        return out;
    }
}
