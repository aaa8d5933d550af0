package dev.parley.nfg;

import dev.parley.game.NormalFormGame;

/**
 * Payoffs and regrets of strategy profiles in an n-player {@link NormalFormGame}: the arithmetic every meta-solver
 * reports with, written once so that all solvers are checked the same way.
 *
 * <p>A product profile is one probability vector per player ({@code profile[p][s]}); a joint distribution is one
 * probability per pure profile, indexed as in {@link NormalFormGame#profileIndex(int...)} (first player fastest).
 */
public final class Profiles {

    private Profiles() {
    }

    /** Each player's expected payoff under the product profile. */
    public static double[] expectedPayoffs(NormalFormGame game, double[][] profile) {
        return jointPayoffs(game, productJoint(game, profile));
    }

    /** The joint distribution over pure profiles induced by independent mixing. */
    public static double[] productJoint(NormalFormGame game, double[][] profile) {
        checkProfile(game, profile);
        int n = game.numPlayers();
        double[] joint = new double[game.numProfiles()];
        int[] s = new int[n];
        for (int k = 0; k < joint.length; k++) {
            double q = 1;
            for (int p = 0; p < n && q != 0; p++) {
                q *= profile[p][s[p]];
            }
            joint[k] = q;
            increment(game, s);
        }
        return joint;
    }

    /** Each player's expected payoff when pure profiles are drawn from {@code joint}. */
    public static double[] jointPayoffs(NormalFormGame game, double[] joint) {
        checkJoint(game, joint);
        int n = game.numPlayers();
        double[] u = new double[n];
        for (int k = 0; k < joint.length; k++) {
            if (joint[k] != 0) {
                for (int p = 0; p < n; p++) {
                    u[p] += joint[k] * game.payoffAt(k, p);
                }
            }
        }
        return u;
    }

    /**
     * Player {@code player}'s payoff for each of its pure strategies when the others play {@code profile}
     * (the player's own entry of {@code profile} is ignored).
     */
    public static double[] deviationPayoffs(NormalFormGame game, double[][] profile, int player) {
        checkProfile(game, profile);
        int n = game.numPlayers();
        double[] dev = new double[game.numStrategies(player)];
        int[] s = new int[n];
        for (int k = 0; k < game.numProfiles(); k++) {
            double q = 1;
            for (int p = 0; p < n && q != 0; p++) {
                if (p != player) {
                    q *= profile[p][s[p]];
                }
            }
            if (q != 0) {
                dev[s[player]] += q * game.payoffAt(k, player);
            }
            increment(game, s);
        }
        return dev;
    }

    /** Each player's regret: its best pure deviation payoff minus its payoff under the product profile. */
    public static double[] regrets(NormalFormGame game, double[][] profile) {
        int n = game.numPlayers();
        double[] r = new double[n];
        for (int p = 0; p < n; p++) {
            double[] dev = deviationPayoffs(game, profile, p);
            double value = 0;
            double best = Double.NEGATIVE_INFINITY;
            for (int s = 0; s < dev.length; s++) {
                value += profile[p][s] * dev[s];
                best = Math.max(best, dev[s]);
            }
            r[p] = Math.max(0, best - value);
        }
        return r;
    }

    /** The sum of the players' regrets (NashConv) of a product profile. */
    public static double nashConv(NormalFormGame game, double[][] profile) {
        double sum = 0;
        for (double r : regrets(game, profile)) {
            sum += r;
        }
        return sum;
    }

    /**
     * Coarse-correlated regrets of a joint distribution: for each player, the most it gains by committing in advance
     * to one pure strategy while the others follow the joint recommendation.
     */
    public static double[] cceRegrets(NormalFormGame game, double[] joint) {
        checkJoint(game, joint);
        int n = game.numPlayers();
        double[] u = jointPayoffs(game, joint);
        double[] r = new double[n];
        int[] s = new int[n];
        for (int p = 0; p < n; p++) {
            double[] dev = new double[game.numStrategies(p)];
            java.util.Arrays.fill(s, 0);
            for (int k = 0; k < joint.length; k++) {
                if (joint[k] != 0) {
                    int own = s[p];
                    for (int d = 0; d < dev.length; d++) {
                        s[p] = d;
                        dev[d] += joint[k] * game.payoffAt(game.profileIndex(s), p);
                    }
                    s[p] = own;
                }
                increment(game, s);
            }
            double best = Double.NEGATIVE_INFINITY;
            for (double v : dev) {
                best = Math.max(best, v);
            }
            r[p] = Math.max(0, best - u[p]);
        }
        return r;
    }

    /**
     * Correlated regrets of a joint distribution: for each player, the gain of its best swap function — replacing
     * each recommended strategy {@code a} by the best alternative {@code b} given that {@code a} was recommended,
     * gains weighted by the joint probability and summed over {@code a}. Zero exactly at a correlated equilibrium.
     */
    public static double[] ceRegrets(NormalFormGame game, double[] joint) {
        checkJoint(game, joint);
        int n = game.numPlayers();
        double[] r = new double[n];
        int[] s = new int[n];
        for (int p = 0; p < n; p++) {
            int m = game.numStrategies(p);
            double[][] gain = new double[m][m]; // gain[a][b]: switch a -> b
            java.util.Arrays.fill(s, 0);
            for (int k = 0; k < joint.length; k++) {
                if (joint[k] != 0) {
                    int a = s[p];
                    double base = game.payoffAt(k, p);
                    for (int b = 0; b < m; b++) {
                        s[p] = b;
                        gain[a][b] += joint[k] * (game.payoffAt(game.profileIndex(s), p) - base);
                    }
                    s[p] = a;
                }
                increment(game, s);
            }
            double total = 0;
            for (int a = 0; a < m; a++) {
                double best = 0;
                for (int b = 0; b < m; b++) {
                    best = Math.max(best, gain[a][b]);
                }
                total += best;
            }
            r[p] = total;
        }
        return r;
    }

    /** Each player's marginal distribution of a joint distribution. */
    public static double[][] marginals(NormalFormGame game, double[] joint) {
        checkJoint(game, joint);
        int n = game.numPlayers();
        double[][] m = new double[n][];
        for (int p = 0; p < n; p++) {
            m[p] = new double[game.numStrategies(p)];
        }
        int[] s = new int[n];
        for (int k = 0; k < joint.length; k++) {
            for (int p = 0; p < n; p++) {
                m[p][s[p]] += joint[k];
            }
            increment(game, s);
        }
        return m;
    }

    /** The uniform product profile. */
    public static double[][] uniform(NormalFormGame game) {
        double[][] x = new double[game.numPlayers()][];
        for (int p = 0; p < x.length; p++) {
            int m = game.numStrategies(p);
            x[p] = new double[m];
            java.util.Arrays.fill(x[p], 1.0 / m);
        }
        return x;
    }

    /** Advances a pure profile to the next index (first player fastest). */
    static void increment(NormalFormGame game, int[] s) {
        for (int p = 0; p < s.length; p++) {
            if (++s[p] < game.numStrategies(p)) {
                return;
            }
            s[p] = 0;
        }
    }

    private static void checkProfile(NormalFormGame game, double[][] profile) {
        if (profile.length != game.numPlayers()) {
            throw new IllegalArgumentException("profile has " + profile.length + " players, game has "
                    + game.numPlayers());
        }
        for (int p = 0; p < profile.length; p++) {
            if (profile[p].length != game.numStrategies(p)) {
                throw new IllegalArgumentException("player " + p + " has " + game.numStrategies(p)
                        + " strategies, profile gives " + profile[p].length);
            }
        }
    }

    private static void checkJoint(NormalFormGame game, double[] joint) {
        if (joint.length != game.numProfiles()) {
            throw new IllegalArgumentException("joint distribution has " + joint.length + " entries, game has "
                    + game.numProfiles() + " profiles");
        }
    }
}
