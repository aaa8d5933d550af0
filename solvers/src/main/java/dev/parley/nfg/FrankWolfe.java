package dev.parley.nfg;

import java.util.ArrayList;
import java.util.List;

/**
 * Away-step Frank–Wolfe (Lacoste-Julien and Jaggi, 2015) for a smooth convex function over a polytope given by a
 * linear-minimisation oracle (an LP, or the best vertex of a simplex).
 *
 * <p>Why this method: every iterate is a convex combination of points of the polytope, so every linear constraint
 * that defines it (the CE/CCE incentive constraints) holds at every iterate as exactly as the oracle's LP solutions
 * do — the regret bound is never traded for the objective. The Frank–Wolfe gap {@code ∇f(x)·(x - s)} bounds the
 * suboptimality {@code f(x) - f*} from above and is the stopping rule; away steps give linear convergence on
 * polytopes for strongly convex objectives such as {@code ||π||²}.
 */
final class FrankWolfe {

    /** A convex objective to minimise. */
    interface Objective {
        /** The value at x, {@code +∞} outside the objective's domain. */
        double value(double[] x);

        double[] gradient(double[] x);
    }

    /** Returns the point of the polytope minimising {@code g · s}. */
    interface Oracle {
        double[] minimise(double[] g);
    }

    /** The final point, the certified gap {@code f(x) - f* <= gap}, and the iterations used. */
    record Result(double[] point, double gap, int iterations) { }

    private FrankWolfe() {
    }

    static Result minimise(Objective f, Oracle oracle, double[] start, double gapTolerance, int maxIterations) {
        int dim = start.length;
        List<double[]> atoms = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        atoms.add(start.clone());
        weights.add(1.0);
        double[] x = start.clone();
        double gap = Double.POSITIVE_INFINITY;
        int it = 0;
        for (; it < maxIterations; it++) {
            double[] g = f.gradient(x);
            double[] s = oracle.minimise(g);
            gap = dot(g, x) - dot(g, s);
            if (gap <= gapTolerance) {
                break;
            }
            // Away atom: the active atom with the largest g·v.
            int away = 0;
            double awayValue = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < atoms.size(); j++) {
                double v = dot(g, atoms.get(j));
                if (v > awayValue) {
                    awayValue = v;
                    away = j;
                }
            }
            double awayGap = awayValue - dot(g, x);
            double[] d = new double[dim];
            double gammaMax;
            boolean fwStep = gap >= awayGap || atoms.size() == 1;
            if (fwStep) {
                for (int i = 0; i < dim; i++) {
                    d[i] = s[i] - x[i];
                }
                gammaMax = 1;
            } else {
                double[] v = atoms.get(away);
                for (int i = 0; i < dim; i++) {
                    d[i] = x[i] - v[i];
                }
                double a = weights.get(away);
                gammaMax = a / (1 - a);
            }
            double gamma = lineSearch(f, x, d, gammaMax);
            if (gamma <= 0) {
                break; // no descent possible along this direction: numerically converged
            }
            for (int i = 0; i < dim; i++) {
                x[i] += gamma * d[i];
            }
            if (fwStep) {
                int existing = indexOf(atoms, s);
                for (int j = 0; j < weights.size(); j++) {
                    weights.set(j, weights.get(j) * (1 - gamma));
                }
                if (existing >= 0) {
                    weights.set(existing, weights.get(existing) + gamma);
                } else {
                    atoms.add(s);
                    weights.add(gamma);
                }
                if (gamma >= 1) {
                    atoms.clear();
                    weights.clear();
                    atoms.add(s);
                    weights.add(1.0);
                }
            } else {
                for (int j = 0; j < weights.size(); j++) {
                    weights.set(j, weights.get(j) * (1 + gamma));
                }
                weights.set(away, weights.get(away) - gamma);
                if (gamma >= gammaMax || weights.get(away) <= 1e-15) {
                    atoms.remove(away);
                    weights.remove(away);
                }
            }
        }
        return new Result(x, gap, it);
    }

    /** Minimises f(x + γd) over γ in [0, γmax] by bisection on the (increasing) directional derivative. */
    private static double lineSearch(Objective f, double[] x, double[] d, double gammaMax) {
        double[] y = new double[x.length];
        if (slope(f, x, d, gammaMax, y) <= 0) {
            return gammaMax;
        }
        if (slope(f, x, d, 0, y) >= 0) {
            return 0;
        }
        double lo = 0;
        double hi = gammaMax;
        for (int k = 0; k < 80 && hi - lo > 1e-17; k++) {
            double mid = 0.5 * (lo + hi);
            if (slope(f, x, d, mid, y) < 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double slope(Objective f, double[] x, double[] d, double gamma, double[] y) {
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] + gamma * d[i];
        }
        if (f.value(y) == Double.POSITIVE_INFINITY) {
            return Double.POSITIVE_INFINITY;
        }
        return dot(f.gradient(y), d);
    }

    private static int indexOf(List<double[]> atoms, double[] s) {
        for (int j = 0; j < atoms.size(); j++) {
            double[] a = atoms.get(j);
            boolean same = true;
            for (int i = 0; i < a.length && same; i++) {
                same = Math.abs(a[i] - s[i]) <= 1e-12;
            }
            if (same) {
                return j;
            }
        }
        return -1;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
