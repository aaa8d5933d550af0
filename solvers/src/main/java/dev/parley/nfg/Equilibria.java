package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.List;

/** Small helpers shared by the two-player equilibrium solvers. */
final class Equilibria {

    /** Two profiles closer than this in every probability are the same equilibrium. */
    static final double DUPLICATE_TOLERANCE = 1e-7;

    private Equilibria() {
    }

    /** Player {@code p}'s payoff matrix {@code [row][column]} mapped affinely to {@code [1, 2]}. */
    static double[][] rescaled(NormalFormGame game, int p) {
        int m = game.numStrategies(0);
        int n = game.numStrategies(1);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < game.numProfiles(); k++) {
            min = Math.min(min, game.payoffAt(k, p));
            max = Math.max(max, game.payoffAt(k, p));
        }
        double range = max > min ? max - min : 1;
        double[][] a = new double[m][n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = 1 + (game.payoff(p, i, j) - min) / range;
            }
        }
        return a;
    }

    /** The largest payoff range of any player (at least 1): the scale of absolute tolerances. */
    static double payoffRange(NormalFormGame game) {
        double range = 1;
        for (int p = 0; p < game.numPlayers(); p++) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < game.numProfiles(); k++) {
                min = Math.min(min, game.payoffAt(k, p));
                max = Math.max(max, game.payoffAt(k, p));
            }
            range = Math.max(range, max - min);
        }
        return range;
    }

    /** Clips negatives and rescales to sum 1. */
    static double[] normalise(double[] v) {
        double total = 0;
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            d[i] = Math.max(0, v[i]);
            total += d[i];
        }
        if (!(total > 0)) {
            throw new MetaSolverException("degenerate solution with no probability mass (internal error)");
        }
        for (int i = 0; i < d.length; i++) {
            d[i] /= total;
        }
        return d;
    }

    static boolean containsProfile(List<MetaSolution> list, MetaSolution s) {
        for (MetaSolution o : list) {
            if (sameProfile(o.profile(), s.profile())) {
                return true;
            }
        }
        return false;
    }

    static boolean sameProfile(double[][] a, double[][] b) {
        for (int p = 0; p < a.length; p++) {
            for (int s = 0; s < a[p].length; s++) {
                if (Math.abs(a[p][s] - b[p][s]) > DUPLICATE_TOLERANCE) {
                    return false;
                }
            }
        }
        return true;
    }
}
