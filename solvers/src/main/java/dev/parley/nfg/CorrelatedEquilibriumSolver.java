package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Correlated (CE) and coarse correlated (CCE) equilibria of n-player games by linear programming over the joint
 * distribution {@code π} on pure profiles (Commons Math simplex, see {@link Lp}).
 *
 * <p>CE constraints: for each player p and each pair of its strategies a ≠ b,
 * {@code Σ_{σ: σ_p = a} π(σ) (u_p(b, σ_-p) - u_p(σ)) <= 0}. CCE constraints: for each player p and strategy b,
 * {@code Σ_σ π(σ) (u_p(b, σ_-p) - u_p(σ)) <= 0}. Plus {@code Σπ <= 1, π >= 0}: the incentive constraints define a
 * cone, and each objective below is made strictly positive on it, so the optimum lies on {@code Σπ = 1}.
 *
 * <p>Selection. {@link Selection#MAX_WELFARE} (the default) maximises the sum of expected payoffs — one LP.
 * {@link Selection#MIN_L2} picks the unique equilibrium of least {@code ||π||²} (equivalently maximum Gini
 * impurity {@code 1 - Σπ²}, the "max-Gini" selection): a strictly convex QP over the equilibrium polytope, solved
 * by away-step Frank–Wolfe whose oracle is this class's LP ({@link FrankWolfe}); every iterate is a mixture of LP
 * solutions and so satisfies the incentive constraints as exactly as the LP does, and it stops when the
 * Frank–Wolfe gap (an upper bound on {@code ||π||² - min}, hence on {@code ||π - π*||²}) is below
 * {@value #GAP_TOLERANCE} or after {@value #MAX_FW_ITERATIONS} LP calls.
 */
public final class CorrelatedEquilibriumSolver implements MetaSolver {

    /** Which incentive constraints. */
    public enum Concept { CE, CCE }

    /** Which equilibrium to select from the polytope. */
    public enum Selection { MAX_WELFARE, MIN_L2 }

    static final double GAP_TOLERANCE = 1e-7;
    private static final int MAX_FW_ITERATIONS = 2_000;

    private final Concept concept;
    private final Selection selection;

    public CorrelatedEquilibriumSolver(Concept concept) {
        this(concept, Selection.MAX_WELFARE);
    }

    public CorrelatedEquilibriumSolver(Concept concept, Selection selection) {
        this.concept = concept;
        this.selection = selection;
    }

    @Override
    public String name() {
        return concept == Concept.CE ? "ce" : "cce";
    }

    @Override
    public MetaSolution solve(NormalFormGame game) {
        int size = game.numProfiles();
        List<double[]> rows = constraints(game, concept);
        List<Double> rhs = new ArrayList<>(Collections.nCopies(rows.size(), 0.0));
        double[] ones = new double[size];
        Arrays.fill(ones, 1);
        rows.add(ones);
        rhs.add(1.0);

        double range = Equilibria.payoffRange(game);
        double[] min = new double[game.numPlayers()];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        for (int k = 0; k < size; k++) {
            for (int p = 0; p < min.length; p++) {
                min[p] = Math.min(min[p], game.payoffAt(k, p));
            }
        }
        double[] welfare = new double[size];
        for (int k = 0; k < size; k++) {
            welfare[k] = 1;
            for (int p = 0; p < game.numPlayers(); p++) {
                welfare[k] += (game.payoffAt(k, p) - min[p]) / range;
            }
        }
        String upper = name().toUpperCase();
        double[] joint = Lp.distribution(Lp.maximise("the max-welfare " + upper, welfare, rows, rhs), 0, size);
        int iterations = 1;
        if (selection == Selection.MIN_L2) {
            FrankWolfe.Result r = FrankWolfe.minimise(new FrankWolfe.Objective() {
                @Override
                public double value(double[] x) {
                    return FrankWolfe.dot(x, x);
                }

                @Override
                public double[] gradient(double[] x) {
                    double[] g = new double[x.length];
                    for (int i = 0; i < x.length; i++) {
                        g[i] = 2 * x[i];
                    }
                    return g;
                }
            }, g -> minimiseLinear("the min-L2 " + upper + " (Frank-Wolfe step)", g, rows, rhs), joint,
                    GAP_TOLERANCE, MAX_FW_ITERATIONS);
            joint = Equilibria.normalise(r.point());
            iterations = r.iterations() + 1;
        }
        double[] regrets = concept == Concept.CE ? Profiles.ceRegrets(game, joint) : Profiles.cceRegrets(game, joint);
        String method = name() + (selection == Selection.MIN_L2 ? "-min-l2" : "");
        return new MetaSolution(method, MetaSolution.Kind.CORRELATED, Profiles.marginals(game, joint), joint,
                Profiles.jointPayoffs(game, joint), regrets, iterations);
    }

    /**
     * The distribution minimising {@code g·π} over {@code rows·π <= rhs} (which must contain {@code Σπ <= 1} and
     * otherwise a cone): maximises {@code (c - g)·π} with {@code c} making every coefficient at least 1.
     */
    static double[] minimiseLinear(String what, double[] g, List<double[]> rows, List<Double> rhs) {
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (double v : g) {
            max = Math.max(max, v);
            min = Math.min(min, v);
        }
        double range = max > min ? max - min : 1;
        double[] c = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            c[i] = 1 + (max - g[i]) / range;
        }
        return Lp.distribution(Lp.maximise(what, c, rows, rhs), 0, g.length);
    }

    /** The incentive constraints of {@code concept}, rows {@code r} meaning {@code r·π <= 0}, payoffs scaled to O(1). */
    static List<double[]> constraints(NormalFormGame game, Concept concept) {
        int n = game.numPlayers();
        int size = game.numProfiles();
        List<double[]> out = new ArrayList<>();
        double scale = 1 / Equilibria.payoffRange(game);
        int[] s = new int[n];
        for (int p = 0; p < n; p++) {
            int m = game.numStrategies(p);
            // rows[a][b] for CE (a != b); rows[0][b] for CCE.
            double[][][] rows = new double[concept == Concept.CE ? m : 1][m][size];
            Arrays.fill(s, 0);
            for (int k = 0; k < size; k++) {
                int a = s[p];
                double base = game.payoffAt(k, p);
                for (int b = 0; b < m; b++) {
                    s[p] = b;
                    rows[concept == Concept.CE ? a : 0][b][k] = (game.payoffAt(game.profileIndex(s), p) - base) * scale;
                }
                s[p] = a;
                Profiles.increment(game, s);
            }
            for (int a = 0; a < rows.length; a++) {
                for (int b = 0; b < m; b++) {
                    if (concept == Concept.CE ? a != b : hasNonZero(rows[a][b])) {
                        out.add(rows[a][b]);
                    }
                }
            }
        }
        return out;
    }

    private static boolean hasNonZero(double[] r) {
        for (double v : r) {
            if (v != 0) {
                return true;
            }
        }
        return false;
    }
}
