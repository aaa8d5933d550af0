package dev.parley.nfg;

import java.util.List;

/**
 * A dense primal simplex method for LPs of the form {@code max c·x s.t. Mx <= b, x >= 0} with {@code b >= 0}: every
 * LP of the meta-solvers is written this way (payoffs shifted positive and {@code Σπ = 1} relaxed to
 * {@code Σπ <= 1}, tight at the optimum because the objective is positive on the feasible cone).
 *
 * <p>Why not Commons Math's {@code SimplexSolver}. It was the first choice, and it fails on exactly these LPs: CE
 * and CCE LPs are highly degenerate (every incentive constraint has right-hand side 0). On seeded random games up to
 * 10×10, Commons Math 3.6.1 reported "no feasible solution" for CE LPs that always have one (its phase 1), returned
 * the origin as "optimal" for a positive objective, cycled until its iteration limit under Dantzig's rule, and where
 * it did finish left incentive violations up to 5e-5 — far above the 1e-9 this project promises. Here:
 * <ul>
 *   <li>the origin is the starting basis (no phase 1 at all);</li>
 *   <li>degeneracy is removed by perturbing every right-hand side by a deterministic pseudo-random amount in
 *       {@code [1, 2) × }{@value #PERTURBATION} (Charnes' perturbation made explicit: far above round-off, so ties in
 *       the ratio test become rare and are broken towards the largest pivot element; far below the data);</li>
 *   <li>the entering column is Dantzig's most negative reduced cost; should {@value #BLAND_AFTER} degenerate pivots
 *       happen in a row anyway, Bland's rule (first improving column, smallest leaving basic variable) takes over,
 *       which cannot cycle;</li>
 *   <li>the final basis is optimal for the unperturbed LP too (reduced costs do not depend on b), and the answer is
 *       recomputed as {@code B⁻¹b} with the original b, read from the slack columns; round-off below 0 is clipped.</li>
 * </ul>
 * Callers verify every result independently (regrets). Commons Math still does the linear algebra of support
 * enumeration.
 */
final class Lp {

    static final double PIVOT_TOLERANCE = 1e-9;
    private static final double COST_TOLERANCE = 1e-12;
    private static final double TIE_TOLERANCE = 1e-13;
    /** Scale of the explicit right-hand-side perturbation (rows are O(1)): far above round-off, far below data. */
    private static final double PERTURBATION = 1e-10;
    /** Consecutive degenerate pivots after which Bland's rule takes over (it cannot cycle). */
    private static final int BLAND_AFTER = 50;

    private Lp() {
    }

    /** Maximises {@code c·x} subject to {@code rows[i]·x <= rhs[i]} (all {@code rhs >= 0}) and {@code x >= 0}. */
    static double[] maximise(String what, double[] c, List<double[]> rows, List<Double> rhs) {
        int m = rows.size();
        int n = c.length;
        int width = n + m; // structural variables, then slacks
        double[][] t = new double[m][width + 1];
        int[] basis = new int[m];
        java.util.Random perturbation = new java.util.Random(m * 31L + n); // deterministic: same LP, same answer
        for (int i = 0; i < m; i++) {
            double[] r = rows.get(i);
            if (r.length != n) {
                throw new IllegalArgumentException("constraint " + i + " has " + r.length + " coefficients, not " + n);
            }
            double b = rhs.get(i);
            if (!(b >= 0)) {
                throw new IllegalArgumentException("right-hand side " + b + " < 0 (internal error)");
            }
            System.arraycopy(r, 0, t[i], 0, n);
            t[i][n + i] = 1;
            t[i][width] = b + PERTURBATION * (1 + perturbation.nextDouble());
            basis[i] = n + i;
        }
        double[] cost = new double[width + 1]; // reduced costs: -c for structural columns at the origin
        for (int j = 0; j < n; j++) {
            cost[j] = -c[j];
        }
        long maxPivots = 200L * (m + n) + 10_000;
        int degenerateRun = 0;
        for (long pivots = 0; ; pivots++) {
            boolean bland = degenerateRun > BLAND_AFTER;
            int enter = -1;
            double most = -COST_TOLERANCE;
            for (int j = 0; j < width; j++) {
                if (cost[j] < most) {
                    enter = j;
                    if (bland) {
                        break; // Bland: the first improving column
                    }
                    most = cost[j];
                }
            }
            if (enter < 0) {
                break; // optimal
            }
            if (pivots > maxPivots) {
                throw new MetaSolverException("the linear program for " + what + " failed: no optimum after "
                        + maxPivots + " pivots");
            }
            int leave = bland ? blandRow(t, basis, enter, width) : ratioRow(t, enter, width);
            if (leave < 0) {
                throw new MetaSolverException("the linear program for " + what + " failed: it is unbounded");
            }
            degenerateRun = t[leave][width] == 0 ? degenerateRun + 1 : 0;
            pivot(t, cost, leave, enter, width);
            basis[leave] = enter;
            // A right-hand side can only turn negative by round-off (a skipped tiny pivot-column entry); clamping
            // keeps the basis primal feasible, so that no later ratio test sees a negative ratio and steps backwards.
            for (int i = 0; i < m; i++) {
                if (t[i][width] < 0) {
                    t[i][width] = 0;
                }
            }
        }
        // The optimal basis of the perturbed LP is optimal for the original one (reduced costs do not depend on b);
        // its original solution is B⁻¹b, with B⁻¹ read from the slack columns.
        double[] x = new double[n];
        for (int i = 0; i < m; i++) {
            if (basis[i] < n) {
                double v = 0;
                for (int k = 0; k < m; k++) {
                    v += t[i][n + k] * rhs.get(k);
                }
                x[basis[i]] = Math.max(0, v);
            }
        }
        return x;
    }

    /** The tableau's pivot, then the same elimination on the reduced-cost row. */
    private static void pivot(double[][] t, double[] cost, int row, int col, int width) {
        Pivot.eliminate(t, row, col, width);
        double[] pr = t[row];
        double f = cost[col];
        for (int j = 0; j <= width; j++) {
            cost[j] -= f * pr[j];
        }
        cost[col] = 0;
    }

    /** Minimum-ratio test; near-ties (rare once b is perturbed) go to the largest pivot element, for stability. */
    private static int ratioRow(double[][] t, int enter, int width) {
        int leave = -1;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < t.length; i++) {
            double a = t[i][enter];
            if (a > PIVOT_TOLERANCE) {
                double ratio = t[i][width] / a;
                if (ratio < best - TIE_TOLERANCE || (ratio <= best + TIE_TOLERANCE && a > t[leave][enter])) {
                    best = Math.min(best, ratio);
                    leave = i;
                }
            }
        }
        return leave;
    }

    /** Bland's leaving rule: among the minimum ratios (exact zeros tie exactly), the smallest basic variable. */
    private static int blandRow(double[][] t, int[] basis, int enter, int width) {
        int leave = -1;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < t.length; i++) {
            if (t[i][enter] > PIVOT_TOLERANCE) {
                double ratio = t[i][width] / t[i][enter];
                if (ratio < best - TIE_TOLERANCE || (ratio <= best + TIE_TOLERANCE && basis[i] < basis[leave])) {
                    best = Math.min(best, ratio);
                    leave = i;
                }
            }
        }
        return leave;
    }

    /** Clips tiny negative round-off in {@code x[from..to)} and rescales that block to sum to 1. */
    static double[] distribution(double[] x, int from, int to) {
        double[] d = new double[to - from];
        double total = 0;
        for (int i = from; i < to; i++) {
            d[i - from] = Math.max(0, x[i]);
            total += d[i - from];
        }
        if (!(total > 0)) {
            throw new MetaSolverException("the linear program returned no probability mass");
        }
        for (int i = 0; i < d.length; i++) {
            d[i] /= total;
        }
        return d;
    }

    static double sum(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s;
    }
}
