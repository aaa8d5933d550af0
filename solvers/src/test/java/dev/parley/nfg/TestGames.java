package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.List;
import java.util.Random;

/** Games with known answers, and seeded random games. */
final class TestGames {

    private TestGames() {
    }

    static NormalFormGame rockPaperScissors() {
        double[][] a = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};
        return NormalFormGame.bimatrix("rps", a, negate(a));
    }

    static NormalFormGame matchingPennies() {
        double[][] a = {{1, -1}, {-1, 1}};
        return NormalFormGame.bimatrix("matching pennies", a, negate(a));
    }

    /** Row prefers opera (2,1), column prefers football (1,2); miscoordination pays 0. */
    static NormalFormGame battleOfTheSexes() {
        return NormalFormGame.bimatrix("battle of the sexes", new double[][] {{2, 0}, {0, 1}},
                new double[][] {{1, 0}, {0, 2}});
    }

    /** Chicken: (swerve, swerve) 6,6; (swerve, dare) 2,7; (dare, swerve) 7,2; (dare, dare) 0,0. */
    static NormalFormGame chicken() {
        return NormalFormGame.bimatrix("chicken", new double[][] {{6, 2}, {7, 0}},
                new double[][] {{6, 7}, {2, 0}});
    }

    static NormalFormGame randomBimatrix(Random rng, int m, int n) {
        double[][] a = new double[m][n];
        double[][] b = new double[m][n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = rng.nextDouble() * 20 - 10;
                b[i][j] = rng.nextDouble() * 20 - 10;
            }
        }
        return NormalFormGame.bimatrix("random " + m + "x" + n, a, b);
    }

    static NormalFormGame randomZeroSum(Random rng, int m, int n) {
        double[][] a = new double[m][n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = rng.nextDouble() * 20 - 10;
            }
        }
        return NormalFormGame.bimatrix("random zero-sum " + m + "x" + n, a, negate(a));
    }

    /** A random n-player game with the given strategy counts. */
    static NormalFormGame randomGame(Random rng, int... counts) {
        int profiles = 1;
        for (int c : counts) {
            profiles *= c;
        }
        double[] payoffs = new double[profiles * counts.length];
        for (int i = 0; i < payoffs.length; i++) {
            payoffs[i] = rng.nextInt(21) - 10;
        }
        List<String> players = new java.util.ArrayList<>();
        List<List<String>> strategies = new java.util.ArrayList<>();
        for (int p = 0; p < counts.length; p++) {
            players.add("P" + (p + 1));
            List<String> s = new java.util.ArrayList<>();
            for (int i = 0; i < counts[p]; i++) {
                s.add("s" + i);
            }
            strategies.add(s);
        }
        return new NormalFormGame("random " + counts.length + "-player", players, strategies, payoffs);
    }

    static double[][] negate(double[][] a) {
        double[][] b = new double[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                b[i][j] = -a[i][j];
            }
        }
        return b;
    }

    /**
     * Nash regrets of a two-player profile, computed directly from the matrices (independently of
     * {@link Profiles}): max_i (A y)_i - xAy and max_j (xB)_j - xBy.
     */
    static double[] bimatrixRegrets(NormalFormGame g, double[] x, double[] y) {
        int m = g.numStrategies(0);
        int n = g.numStrategies(1);
        double value0 = 0;
        double value1 = 0;
        double best0 = Double.NEGATIVE_INFINITY;
        double best1 = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < m; i++) {
            double row = 0;
            for (int j = 0; j < n; j++) {
                row += g.payoff(0, i, j) * y[j];
                value0 += x[i] * y[j] * g.payoff(0, i, j);
                value1 += x[i] * y[j] * g.payoff(1, i, j);
            }
            best0 = Math.max(best0, row);
        }
        for (int j = 0; j < n; j++) {
            double col = 0;
            for (int i = 0; i < m; i++) {
                col += g.payoff(1, i, j) * x[i];
            }
            best1 = Math.max(best1, col);
        }
        return new double[] {best0 - value0, best1 - value1};
    }

    static void assertDistribution(double[] p) {
        double total = 0;
        for (double v : p) {
            if (v < 0) {
                throw new AssertionError("negative probability " + v);
            }
            total += v;
        }
        if (Math.abs(total - 1) > 1e-12) {
            throw new AssertionError("probabilities sum to " + total);
        }
    }
}
