package dev.parley.nfg;

import java.util.Arrays;
import java.util.Objects;

/**
 * What a meta-solver returns: a product profile (one mixed strategy per player) or a correlated outcome (a joint
 * distribution over pure profiles, first player's strategy fastest), its expected payoffs and every player's regret.
 *
 * <p>For a {@link Kind#PRODUCT} solution, {@code joint} is the product distribution and {@code regrets} are Nash
 * regrets (best pure deviation minus payoff). For {@link Kind#CORRELATED} solutions {@code profile} holds the
 * marginals (what PSRO uses as each player's meta-strategy) and {@code regrets} are the regrets of the concept the
 * solver targets: correlated regrets for CE, coarse-correlated regrets for CCE and the Nash bargaining solution.
 *
 * @param method     the solver that produced it, e.g. {@code lp}, {@code lemke-howson}, {@code cce}
 * @param kind       product profile or correlated joint distribution
 * @param profile    {@code profile[p][s]}: player p's probability of strategy s (marginals if correlated)
 * @param joint      probability of each pure profile
 * @param payoffs    each player's expected payoff
 * @param regrets    each player's regret (see above)
 * @param iterations iterations the solver ran (pivots, dynamics steps, LP calls), 0 if not meaningful
 */
public record MetaSolution(String method, Kind kind, double[][] profile, double[] joint, double[] payoffs,
                           double[] regrets, int iterations) {

    /** Whether players mix independently or follow a joint recommendation. */
    public enum Kind { PRODUCT, CORRELATED }

    public MetaSolution {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(kind, "kind");
        profile = deepCopy(profile);
        joint = joint.clone();
        payoffs = payoffs.clone();
        regrets = regrets.clone();
    }

    @Override
    public double[][] profile() {
        return deepCopy(profile);
    }

    @Override
    public double[] joint() {
        return joint.clone();
    }

    @Override
    public double[] payoffs() {
        return payoffs.clone();
    }

    @Override
    public double[] regrets() {
        return regrets.clone();
    }

    /** The largest regret of any player. */
    public double maxRegret() {
        double m = 0;
        for (double r : regrets) {
            m = Math.max(m, r);
        }
        return m;
    }

    /** The sum of the players' regrets. */
    public double sumRegret() {
        double m = 0;
        for (double r : regrets) {
            m += r;
        }
        return m;
    }

    /** Sum of expected payoffs (social welfare). */
    public double welfare() {
        double w = 0;
        for (double u : payoffs) {
            w += u;
        }
        return w;
    }

    private static double[][] deepCopy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MetaSolution m && m.method.equals(method) && m.kind == kind
                && Arrays.deepEquals(m.profile, profile) && Arrays.equals(m.joint, joint)
                && Arrays.equals(m.payoffs, payoffs) && Arrays.equals(m.regrets, regrets)
                && m.iterations == iterations;
    }

    @Override
    public int hashCode() {
        return Objects.hash(method, kind, Arrays.deepHashCode(profile), Arrays.hashCode(joint),
                Arrays.hashCode(payoffs), Arrays.hashCode(regrets), iterations);
    }

    @Override
    public String toString() {
        return "MetaSolution[" + method + ", profile=" + Arrays.deepToString(profile) + ", payoffs="
                + Arrays.toString(payoffs) + ", regrets=" + Arrays.toString(regrets) + "]";
    }
}
