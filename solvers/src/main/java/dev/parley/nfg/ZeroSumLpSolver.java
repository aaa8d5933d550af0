package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Nash equilibrium of a two-player zero-sum (or constant-sum) game by linear programming (Commons Math simplex),
 * one LP per player.
 *
 * <p>With the row player's payoffs shifted to {@code A' >= 1}, the column player's minimax strategy is
 * {@code y = w / Σw} for the optimum of {@code max Σw s.t. A'w <= 1, w >= 0}, and the value is
 * {@code 1/Σw - shift}; the row player's maximin strategy comes from the same LP on the column player's shifted
 * payoffs. This is the textbook reduction written so that the origin is feasible (see {@link Lp}).
 */
public final class ZeroSumLpSolver implements MetaSolver {

    /** Relative tolerance for "the payoffs sum to the same constant at every profile". */
    private static final double CONSTANT_SUM_TOLERANCE = 1e-9;

    @Override
    public String name() {
        return "lp";
    }

    /** The game value for the first player and both optimal strategies. */
    public record Result(double value, double[] rowStrategy, double[] columnStrategy) { }

    @Override
    public MetaSolution solve(NormalFormGame game) {
        Result r = solveZeroSum(game);
        return MetaSolver.product(name(), game, new double[][] {r.rowStrategy(), r.columnStrategy()}, 2);
    }

    /** Solves both LPs. */
    public Result solveZeroSum(NormalFormGame game) {
        MetaSolver.requireTwoPlayers("the zero-sum LP", game);
        requireConstantSum(game);
        int m = game.numStrategies(0);
        int n = game.numStrategies(1);
        double[][] a = new double[m][n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = game.payoff(0, i, j);
            }
        }
        return solveMatrix(a);
    }

    /** Value and optimal strategies of the zero-sum matrix game {@code a} (row player maximises). */
    static Result solveMatrix(double[][] a) {
        int m = a.length;
        int n = a[0].length;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double[] row : a) {
            for (double v : row) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        double range = max > min ? max - min : 1;
        // Row player's payoffs mapped to [1, 2]; the column player's (negated) likewise.
        List<double[]> rowsA = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            double[] r = new double[n];
            for (int j = 0; j < n; j++) {
                r[j] = 1 + (a[i][j] - min) / range;
            }
            rowsA.add(r);
        }
        List<double[]> rowsB = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            double[] r = new double[m];
            for (int i = 0; i < m; i++) {
                r[i] = 1 + (max - a[i][j]) / range;
            }
            rowsB.add(r);
        }
        double[] onesN = new double[n];
        java.util.Arrays.fill(onesN, 1);
        double[] onesM = new double[m];
        java.util.Arrays.fill(onesM, 1);
        double[] w = Lp.maximise("the column player's minimax strategy", onesN, rowsA,
                Collections.nCopies(m, 1.0));
        double[] z = Lp.maximise("the row player's maximin strategy", onesM, rowsB, Collections.nCopies(n, 1.0));
        double value = (1 / Lp.sum(w, 0, n) - 1) * range + min;
        return new Result(value, Lp.distribution(z, 0, m), Lp.distribution(w, 0, n));
    }

    private static void requireConstantSum(NormalFormGame game) {
        double scale = 1;
        for (int k = 0; k < game.numProfiles(); k++) {
            scale = Math.max(scale, Math.abs(game.payoffAt(k, 0)) + Math.abs(game.payoffAt(k, 1)));
        }
        double c = game.payoffAt(0, 0) + game.payoffAt(0, 1);
        for (int k = 1; k < game.numProfiles(); k++) {
            double s = game.payoffAt(k, 0) + game.payoffAt(k, 1);
            if (Math.abs(s - c) > CONSTANT_SUM_TOLERANCE * scale) {
                int[] profile = game.profile(k);
                throw new MetaSolverException("the zero-sum LP needs a zero-sum (or constant-sum) game; in '"
                        + game.title() + "' the payoffs at profile (" + (profile[0] + 1) + ", " + (profile[1] + 1)
                        + ") sum to " + s + " but at (1, 1) to " + c + " (use lemke-howson or support enumeration)");
            }
        }
    }
}
