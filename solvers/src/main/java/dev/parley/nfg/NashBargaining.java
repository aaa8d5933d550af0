package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The Nash bargaining solution of an n-player game: the feasible payoff vector maximising the product of the
 * players' gains over a disagreement point d, returned as a joint distribution over pure profiles that achieves it.
 *
 * <p>Feasible set. {@link FeasibleSet#CONVEX_HULL} (default) is every joint distribution π, i.e. the convex hull of
 * the pure payoff profiles (players may correlate through a public lottery); {@link FeasibleSet#CORRELATED} keeps
 * only correlated equilibria, so the bargain is self-enforcing. The disagreement point defaults to each player's
 * security level (its maxmin payoff when all others may correlate against it, one LP per player).
 *
 * <p>Method. {@code Σ_p log(u_p(π) - d_p)} is concave in π (a log of an affine function is concave), so its maximum
 * over the polytope is found by away-step Frank–Wolfe ({@link FrankWolfe}) started from the LP point that maximises
 * the smallest gain; the line search never leaves the region where all gains are positive, and the run stops when
 * the Frank–Wolfe gap (an upper bound on the log-product's distance to its optimum) is below {@value #GAP_TOLERANCE}.
 * If no feasible point gives every player a strictly positive gain (e.g. in a zero-sum game with d at the value),
 * the product is zero everywhere and the solution is the start point, where every gain is (numerically) zero. A
 * disagreement point that no feasible point weakly improves on is an error.
 *
 * <p>The reported regrets are coarse-correlated regrets of the joint distribution: what a player would gain by
 * ignoring the bargain and committing to one pure strategy.
 */
public final class NashBargaining implements MetaSolver {

    /** Which outcomes the players may agree on. */
    public enum FeasibleSet { CONVEX_HULL, CORRELATED }

    static final double GAP_TOLERANCE = 1e-9;
    private static final double STRICT_GAIN = 1e-9;
    private static final int MAX_FW_ITERATIONS = 20_000;

    private final FeasibleSet feasibleSet;
    private final double[] disagreement;

    /** Over the convex hull, with security levels as the disagreement point. */
    public NashBargaining() {
        this(FeasibleSet.CONVEX_HULL, null);
    }

    /** @param disagreement one value per player, or null for the security levels */
    public NashBargaining(FeasibleSet feasibleSet, double[] disagreement) {
        this.feasibleSet = feasibleSet;
        this.disagreement = disagreement == null ? null : disagreement.clone();
    }

    @Override
    public String name() {
        return "nbs";
    }

    @Override
    public MetaSolution solve(NormalFormGame game) {
        int n = game.numPlayers();
        int size = game.numProfiles();
        double[] d = disagreement == null ? securityLevels(game) : disagreement.clone();
        if (d.length != n) {
            throw new MetaSolverException("the disagreement point has " + d.length + " values for " + n
                    + " players");
        }
        List<double[]> base = new ArrayList<>();
        if (feasibleSet == FeasibleSet.CORRELATED) {
            base.addAll(CorrelatedEquilibriumSolver.constraints(game, CorrelatedEquilibriumSolver.Concept.CE));
        }
        List<Double> baseRhs = new ArrayList<>(Collections.nCopies(base.size(), 0.0));
        double[] ones = new double[size];
        Arrays.fill(ones, 1);
        base.add(ones);
        baseRhs.add(1.0);

        // Start point: maximise the smallest gain t. With payoffs mapped to u' = (u - lo) / range + 1 > 0 (and d
        // alike), write t = s - T for T = max d' + 1 so that every constraint s - u'_p·π <= T - d'_p has a
        // non-negative right-hand side (see Lp); Σπ <= 1 is tight at the optimum since every u'_p is positive.
        double lo = Double.POSITIVE_INFINITY;
        for (int k = 0; k < size; k++) {
            for (int p = 0; p < n; p++) {
                lo = Math.min(lo, game.payoffAt(k, p));
            }
        }
        for (double v : d) {
            lo = Math.min(lo, v);
        }
        double range = Equilibria.payoffRange(game);
        double big = 1;
        for (double v : d) {
            big = Math.max(big, (v - lo) / range + 2);
        }
        List<double[]> rows = new ArrayList<>();
        List<Double> rhs = new ArrayList<>(baseRhs);
        for (double[] r : base) {
            rows.add(Arrays.copyOf(r, size + 1));
        }
        for (int p = 0; p < n; p++) {
            double[] row = new double[size + 1];
            for (int k = 0; k < size; k++) {
                row[k] = -((game.payoffAt(k, p) - lo) / range + 1);
            }
            row[size] = 1;
            rows.add(row);
            rhs.add(big - ((d[p] - lo) / range + 1));
        }
        double[] objective = new double[size + 1];
        objective[size] = 1;
        double[] sol = Lp.maximise("the Nash bargaining start point", objective, rows, rhs);
        double[] x0 = Lp.distribution(sol, 0, size);
        double minGain = Double.POSITIVE_INFINITY;
        double[] u0 = Profiles.jointPayoffs(game, x0);
        for (int p = 0; p < n; p++) {
            minGain = Math.min(minGain, u0[p] - d[p]);
        }
        if (minGain < -1e-9 * range) {
            throw new MetaSolverException("no feasible outcome gives every player at least its disagreement payoff "
                    + Arrays.toString(d) + " (the best outcome leaves some player " + (-minGain) + " short)");
        }
        double[] joint;
        int iterations = 1;
        if (minGain <= STRICT_GAIN * range) {
            joint = x0; // no outcome gives everyone a strict gain: the product is 0 everywhere (see class comment)
        } else {
            FrankWolfe.Result r = FrankWolfe.minimise(new NegLogProduct(game, d), oracle(game, base, baseRhs),
                    x0, GAP_TOLERANCE, MAX_FW_ITERATIONS);
            joint = Equilibria.normalise(r.point());
            iterations += r.iterations();
        }
        return new MetaSolution(name(), MetaSolution.Kind.CORRELATED, Profiles.marginals(game, joint), joint,
                Profiles.jointPayoffs(game, joint), Profiles.cceRegrets(game, joint), iterations);
    }

    /** Each player's maxmin payoff when the other players may correlate against it (one LP per player). */
    public static double[] securityLevels(NormalFormGame game) {
        int n = game.numPlayers();
        double[] levels = new double[n];
        for (int p = 0; p < n; p++) {
            int m = game.numStrategies(p);
            int others = game.numProfiles() / m;
            // Player p against the others' joint pure profiles: a zero-sum matrix game.
            double[][] a = new double[m][others];
            int[] s = new int[n];
            for (int k = 0; k < game.numProfiles(); k++) {
                a[s[p]][otherIndex(game, s, p)] = game.payoffAt(k, p);
                Profiles.increment(game, s);
            }
            levels[p] = ZeroSumLpSolver.solveMatrix(a).value();
        }
        return levels;
    }

    private static int otherIndex(NormalFormGame game, int[] s, int p) {
        int index = 0;
        int stride = 1;
        for (int q = 0; q < s.length; q++) {
            if (q != p) {
                index += s[q] * stride;
                stride *= game.numStrategies(q);
            }
        }
        return index;
    }

    private FrankWolfe.Oracle oracle(NormalFormGame game, List<double[]> base, List<Double> baseRhs) {
        int size = game.numProfiles();
        if (feasibleSet == FeasibleSet.CONVEX_HULL) {
            return g -> {
                int best = 0;
                for (int k = 1; k < g.length; k++) {
                    if (g[k] < g[best]) {
                        best = k;
                    }
                }
                double[] v = new double[g.length];
                v[best] = 1;
                return v;
            };
        }
        return g -> CorrelatedEquilibriumSolver.minimiseLinear("a Nash bargaining step over correlated equilibria",
                g, base, baseRhs);
    }

    private static double maxAbs(double[] d) {
        double m = 0;
        for (double v : d) {
            m = Math.max(m, Math.abs(v));
        }
        return m;
    }

    /** {@code -Σ_p log(u_p(π) - d_p)}, +∞ where some gain is not positive. */
    private static final class NegLogProduct implements FrankWolfe.Objective {
        private final NormalFormGame game;
        private final double[] d;

        NegLogProduct(NormalFormGame game, double[] d) {
            this.game = game;
            this.d = d;
        }

        private double[] gains(double[] x) {
            double[] u = Profiles.jointPayoffs(game, x);
            for (int p = 0; p < u.length; p++) {
                u[p] -= d[p];
            }
            return u;
        }

        @Override
        public double value(double[] x) {
            double v = 0;
            for (double g : gains(x)) {
                if (!(g > 0)) {
                    return Double.POSITIVE_INFINITY;
                }
                v -= Math.log(g);
            }
            return v;
        }

        @Override
        public double[] gradient(double[] x) {
            double[] gains = gains(x);
            double[] grad = new double[x.length];
            for (int k = 0; k < x.length; k++) {
                for (int p = 0; p < gains.length; p++) {
                    grad[k] -= game.payoffAt(k, p) / gains[p];
                }
            }
            return grad;
        }
    }
}
