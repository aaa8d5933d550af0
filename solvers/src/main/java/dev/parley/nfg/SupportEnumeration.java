package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularMatrixException;

/**
 * All Nash equilibria of a two-player game by support enumeration: for every pair of supports of equal size k, solve
 * the indifference systems (Commons Math LU decomposition) and keep the solutions that are probability vectors and
 * against which no strategy outside the support does better.
 *
 * <p>In a non-degenerate game every equilibrium has supports of equal size, so this finds them all. Degenerate games
 * may have further equilibria (with unequal supports, or continua) that it does not list. The number of support
 * pairs is {@code C(m+n, m) - 1}; games that would need more than {@value #MAX_SUPPORT_PAIRS} are refused.
 */
public final class SupportEnumeration implements MetaSolver {

    static final long MAX_SUPPORT_PAIRS = 5_000_000L;
    /** Feasibility slack on the rescaled payoffs in [1, 2]. */
    private static final double TOLERANCE = 1e-10;

    @Override
    public String name() {
        return "support-enumeration";
    }

    @Override
    public MetaSolution solve(NormalFormGame game) {
        List<MetaSolution> all = solveAll(game);
        if (all.isEmpty()) {
            throw new MetaSolverException("support enumeration found no equilibrium in '" + game.title()
                    + "' (the game is degenerate; use lemke-howson)");
        }
        return all.get(0);
    }

    @Override
    public List<MetaSolution> solveAll(NormalFormGame game) {
        MetaSolver.requireTwoPlayers("support enumeration", game);
        int m = game.numStrategies(0);
        int n = game.numStrategies(1);
        double pairs = binomial(m + n, m) - 1;
        if (pairs > MAX_SUPPORT_PAIRS) {
            throw new MetaSolverException("support enumeration of a " + m + "x" + n + " game would examine "
                    + String.format("%.3g", pairs) + " support pairs (limit " + MAX_SUPPORT_PAIRS
                    + "); use lemke-howson");
        }
        double[][] a = Equilibria.rescaled(game, 0);
        double[][] b = Equilibria.rescaled(game, 1);
        double[][] bt = transpose(b);
        List<MetaSolution> found = new ArrayList<>();
        int examined = 0;
        for (int k = 1; k <= Math.min(m, n); k++) {
            for (int[] rows : subsets(m, k)) {
                for (int[] cols : subsets(n, k)) {
                    examined++;
                    // y on cols makes the row player indifferent over rows; x on rows does so for the columns.
                    double[] y = indifferent(a, rows, cols, n);
                    if (y == null) {
                        continue;
                    }
                    double[] x = indifferent(bt, cols, rows, m);
                    if (x == null) {
                        continue;
                    }
                    if (!bestResponse(a, y, rows) || !bestResponse(bt, x, cols)) {
                        continue;
                    }
                    double[][] profile = {Equilibria.normalise(x), Equilibria.normalise(y)};
                    MetaSolution s = MetaSolver.product(name(), game, profile, examined);
                    if (s.maxRegret() <= LemkeHowson.REGRET_TOLERANCE * Equilibria.payoffRange(game)
                            && !Equilibria.containsProfile(found, s)) {
                        found.add(s);
                    }
                }
            }
        }
        return found;
    }

    /**
     * Solves {@code sum_{j in cols} m[i][j] z_j = v (i in rows), sum z = 1} for the opponent's mix z on
     * {@code cols}; null if singular or some z_j is negative.
     */
    private static double[] indifferent(double[][] mat, int[] rows, int[] cols, int size) {
        int k = rows.length;
        Array2DRowRealMatrix lhs = new Array2DRowRealMatrix(k + 1, k + 1);
        ArrayRealVector rhs = new ArrayRealVector(k + 1);
        for (int r = 0; r < k; r++) {
            for (int c = 0; c < k; c++) {
                lhs.setEntry(r, c, mat[rows[r]][cols[c]]);
            }
            lhs.setEntry(r, k, -1);
        }
        for (int c = 0; c < k; c++) {
            lhs.setEntry(k, c, 1);
        }
        rhs.setEntry(k, 1);
        RealVector sol;
        try {
            DecompositionSolver solver = new LUDecomposition(lhs, 1e-12).getSolver();
            sol = solver.solve(rhs);
        } catch (SingularMatrixException e) {
            return null;
        }
        double[] z = new double[size];
        for (int c = 0; c < k; c++) {
            double v = sol.getEntry(c);
            if (v < -TOLERANCE || Double.isNaN(v)) {
                return null;
            }
            z[cols[c]] = v;
        }
        return z;
    }

    /** Whether every strategy in {@code support} earns the best payoff against {@code z}. */
    private static boolean bestResponse(double[][] mat, double[] z, int[] support) {
        double best = Double.NEGATIVE_INFINITY;
        double[] u = new double[mat.length];
        for (int i = 0; i < mat.length; i++) {
            for (int j = 0; j < z.length; j++) {
                u[i] += mat[i][j] * z[j];
            }
            best = Math.max(best, u[i]);
        }
        for (int i : support) {
            if (u[i] < best - TOLERANCE) {
                return false;
            }
        }
        return true;
    }

    private static double[][] transpose(double[][] a) {
        double[][] t = new double[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                t[j][i] = a[i][j];
            }
        }
        return t;
    }

    static double binomial(int n, int k) {
        double r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }

    /** All size-k subsets of {0..n-1} in lexicographic order. */
    static List<int[]> subsets(int n, int k) {
        List<int[]> out = new ArrayList<>();
        int[] c = new int[k];
        for (int i = 0; i < k; i++) {
            c[i] = i;
        }
        while (true) {
            out.add(c.clone());
            int i = k - 1;
            while (i >= 0 && c[i] == n - k + i) {
                i--;
            }
            if (i < 0) {
                return out;
            }
            c[i]++;
            for (int j = i + 1; j < k; j++) {
                c[j] = c[j - 1] + 1;
            }
        }
    }
}
