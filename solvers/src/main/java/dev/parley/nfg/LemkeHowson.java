package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Nash equilibria of a two-player general-sum game by the Lemke–Howson algorithm, started from every one of the
 * {@code m + n} labels; the distinct equilibria found are returned (duplicates removed).
 *
 * <p>Method (von Stengel, "Computing equilibria for two-person games", 2002). Payoffs are rescaled by a positive
 * affine map to {@code [1, 2]} (equilibria do not change), giving the best-response polytopes
 * {@code P = {x >= 0 : B'ᵀx <= 1}} and {@code Q = {y >= 0 : A'y <= 1}}. Each is held as a simplex tableau whose column
 * index is the label: in P's tableau the columns are {@code x_0..x_{m-1}} (labels 0..m-1) and the slacks of the
 * column constraints (labels m..m+n-1); in Q's the slacks of the row constraints (labels 0..m-1) and
 * {@code y_0..y_{n-1}} (labels m..m+n-1). From the artificial equilibrium (0, 0) the algorithm drops label
 * {@code k}, pivots it into the tableau where it is non-basic, and then enters the label that just left into the
 * other tableau, until the label that leaves is {@code k} itself: the pair is then completely labelled.
 *
 * <p>Numerics and cycling. Pivoting is Gauss–Jordan in double precision on the rescaled payoffs; a pivot element must
 * exceed {@value #PIVOT_TOLERANCE}. The leaving row is chosen by the <em>lexicographic</em> minimum-ratio test:
 * rows are compared by {@code (rhs, B⁻¹ row) / pivot-column entry}, where {@code B⁻¹} is read from the slack
 * columns (the tableau's initial identity), entries within {@value #TIE_TOLERANCE} counting as equal. Rows of
 * {@code B⁻¹} are linearly independent, so the test never ties exactly; it is the symbolic ε-perturbation of the
 * right-hand side, which makes every complementary path finite even in degenerate games (no cycling). Every
 * equilibrium found is then verified independently ({@link Profiles#regrets}); one that fails the check (possible
 * only through round-off in ill-conditioned games) is dropped with a warning, so only genuine equilibria are returned.
 */
public final class LemkeHowson implements MetaSolver {

    private static final Logger LOG = LoggerFactory.getLogger(LemkeHowson.class);
    static final double PIVOT_TOLERANCE = 1e-12;
    static final double TIE_TOLERANCE = 1e-12;
    /** Regret allowed when verifying an equilibrium, relative to the payoff range. */
    static final double REGRET_TOLERANCE = 1e-8;
    private static final int MAX_PIVOTS = 1_000_000;

    @Override
    public String name() {
        return "lemke-howson";
    }

    /** The equilibrium reached by dropping label 0 (the first row strategy). */
    @Override
    public MetaSolution solve(NormalFormGame game) {
        MetaSolver.requireTwoPlayers("Lemke-Howson", game);
        for (int k = 0; k < game.numStrategies(0) + game.numStrategies(1); k++) {
            MetaSolution s = fromLabel(game, k);
            if (s != null) {
                return s;
            }
        }
        throw new MetaSolverException("Lemke-Howson found no equilibrium that passes the regret check in '"
                + game.title() + "' (the game is numerically ill-conditioned)");
    }

    /** The distinct equilibria reached from every starting label. */
    @Override
    public List<MetaSolution> solveAll(NormalFormGame game) {
        MetaSolver.requireTwoPlayers("Lemke-Howson", game);
        List<MetaSolution> found = new ArrayList<>();
        for (int k = 0; k < game.numStrategies(0) + game.numStrategies(1); k++) {
            MetaSolution s = fromLabel(game, k);
            if (s != null && !Equilibria.containsProfile(found, s)) {
                found.add(s);
            }
        }
        return found;
    }

    /** The equilibrium at the end of the path that drops {@code label}, or null if it fails verification. */
    public MetaSolution fromLabel(NormalFormGame game, int label) {
        MetaSolver.requireTwoPlayers("Lemke-Howson", game);
        int m = game.numStrategies(0);
        int n = game.numStrategies(1);
        if (label < 0 || label >= m + n) {
            throw new IllegalArgumentException("label " + label + " out of range 0.." + (m + n - 1));
        }
        double[][] a = Equilibria.rescaled(game, 0);
        double[][] b = Equilibria.rescaled(game, 1);

        // P's tableau: n rows  sum_i b[i][j] x_i + s_j = 1; Q's tableau: m rows  r_i + sum_j a[i][j] y_j = 1.
        Tableau p = new Tableau(n, m + n, m);
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                p.t[j][i] = b[i][j];
            }
            p.t[j][m + j] = 1;
            p.t[j][m + n] = 1;
            p.basis[j] = m + j;
        }
        Tableau q = new Tableau(m, m + n, 0);
        for (int i = 0; i < m; i++) {
            q.t[i][i] = 1;
            for (int j = 0; j < n; j++) {
                q.t[i][m + j] = a[i][j];
            }
            q.t[i][m + n] = 1;
            q.basis[i] = i;
        }

        Tableau current = label < m ? p : q;
        int entering = label;
        int pivots = 0;
        while (true) {
            int leaving = current.pivot(entering);
            pivots++;
            if (leaving == label) {
                break;
            }
            if (pivots > MAX_PIVOTS) {
                throw new MetaSolverException("Lemke-Howson did not finish within " + MAX_PIVOTS + " pivots");
            }
            current = current == p ? q : p;
            entering = leaving;
        }

        double[] x = new double[m];
        for (int r = 0; r < n; r++) {
            if (p.basis[r] < m) {
                x[p.basis[r]] = p.t[r][m + n];
            }
        }
        double[] y = new double[n];
        for (int r = 0; r < m; r++) {
            if (q.basis[r] >= m) {
                y[q.basis[r] - m] = q.t[r][m + n];
            }
        }
        double[][] profile = {Equilibria.normalise(x), Equilibria.normalise(y)};
        MetaSolution s = MetaSolver.product(name(), game, profile, pivots);
        if (s.maxRegret() > REGRET_TOLERANCE * Equilibria.payoffRange(game)) {
            LOG.warn("Lemke-Howson from label {} in '{}' ended at a profile with regret {}; discarded", label,
                    game.title(), s.maxRegret());
            return null;
        }
        return s;
    }

    /** A dense simplex tableau {@code [M | I | rhs]} in canonical form for its basis. */
    private static final class Tableau {
        final double[][] t;
        final int[] basis;
        final int columns;
        /** Column where the initial identity (the slack block) starts: read as B⁻¹ by the lexicographic test. */
        final int identityStart;
        final int rows;

        Tableau(int rows, int columns, int identityStart) {
            this.rows = rows;
            this.columns = columns;
            this.identityStart = identityStart;
            this.t = new double[rows][columns + 1];
            this.basis = new int[rows];
        }

        /** Pivots {@code column} into the basis; returns the label that leaves. */
        int pivot(int column) {
            int row = leavingRow(column);
            if (row < 0) {
                throw new MetaSolverException("Lemke-Howson: unbounded pivot column (internal error)");
            }
            Pivot.eliminate(t, row, column, columns);
            int left = basis[row];
            basis[row] = column;
            return left;
        }

        /** Lexicographic minimum-ratio test over rows with a positive pivot-column entry. */
        private int leavingRow(int column) {
            int best = -1;
            for (int r = 0; r < rows; r++) {
                if (t[r][column] > PIVOT_TOLERANCE && (best < 0 || lexLess(r, best, column))) {
                    best = r;
                }
            }
            return best;
        }

        private boolean lexLess(int r, int s, int column) {
            double cr = t[r][column];
            double cs = t[s][column];
            int width = rows;
            for (int k = -1; k < width; k++) {
                int c = k < 0 ? columns : identityStart + k;
                double vr = t[r][c] / cr;
                double vs = t[s][c] / cs;
                if (vr < vs - TIE_TOLERANCE) {
                    return true;
                }
                if (vr > vs + TIE_TOLERANCE) {
                    return false;
                }
            }
            return false;
        }
    }
}
