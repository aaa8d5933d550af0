package dev.parley.nfg.testkit;

import dev.parley.game.NormalFormGame;
import dev.parley.nfg.MetaSolution;
import dev.parley.nfg.MetaSolver;
import dev.parley.nfg.MetaSolverException;
import dev.parley.nfg.Profiles;
import java.util.Arrays;
import java.util.List;

/**
 * The contract every {@link MetaSolver} keeps, whatever its method: on any game it either refuses with a
 * {@link MetaSolverException} (a one-line message) or returns solutions that are well formed — one distribution per
 * player over its strategies, a joint distribution over the pure profiles consistent with it (the product for a
 * product profile, the marginals for a correlated one), payoffs that are the joint's expected payoffs, non-negative
 * regrets (for a product profile, exactly its Nash regrets) — and the same solutions on a second call. Each
 * violation is an {@link AssertionError} naming the solver and the game.
 */
public final class MetaSolverContract {

    private static final double TOLERANCE = 1e-7;

    private MetaSolverContract() {
    }

    /** What the solver did with one game. */
    public enum Outcome { SOLVED, REFUSED }

    /** Checks {@code solver} on {@code game}. */
    public static Outcome check(MetaSolver solver, NormalFormGame game) {
        String at = solver.name() + " on '" + game.title() + "'";
        List<MetaSolution> all;
        MetaSolution one;
        try {
            one = solver.solve(game);
            all = solver.solveAll(game);
        } catch (MetaSolverException e) {
            if (e.getMessage() == null || e.getMessage().isBlank() || e.getMessage().contains("\n")) {
                throw new AssertionError(at + ": a refusal must be one line, got '" + e.getMessage() + "'");
            }
            return Outcome.REFUSED;
        }
        wellFormed(game, one, at);
        if (all.isEmpty()) {
            throw new AssertionError(at + ": solveAll returned no solution");
        }
        for (int i = 0; i < all.size(); i++) {
            wellFormed(game, all.get(i), at + ", solveAll[" + i + "]");
        }
        MetaSolution again = solver.solve(game);
        if (!Arrays.equals(again.joint(), one.joint()) || !Arrays.deepEquals(again.profile(), one.profile())) {
            throw new AssertionError(at + ": a second call gave another solution");
        }
        return Outcome.SOLVED;
    }

    private static void wellFormed(NormalFormGame game, MetaSolution s, String at) {
        int n = game.numPlayers();
        double[][] profile = s.profile();
        if (profile.length != n || s.payoffs().length != n || s.regrets().length != n) {
            throw new AssertionError(at + ": profile, payoffs and regrets need one entry per player (" + n + ")");
        }
        for (int p = 0; p < n; p++) {
            distribution(profile[p], game.numStrategies(p), at + ", player " + p + "'s strategy");
        }
        double[] joint = s.joint();
        distribution(joint, game.numProfiles(), at + ", joint distribution");
        double[] consistent = s.kind() == MetaSolution.Kind.PRODUCT ? Profiles.productJoint(game, profile) : null;
        if (consistent != null) {
            close(joint, consistent, at + ": the joint of a product profile is not the product of its strategies");
        } else {
            double[][] marginals = Profiles.marginals(game, joint);
            for (int p = 0; p < n; p++) {
                close(profile[p], marginals[p], at + ": player " + p + "'s strategy is not the joint's marginal");
            }
        }
        close(s.payoffs(), Profiles.jointPayoffs(game, joint), at + ": payoffs are not the joint's expected payoffs");
        for (double r : s.regrets()) {
            if (!(r >= -TOLERANCE)) {
                throw new AssertionError(at + ": negative regret " + r + " in " + Arrays.toString(s.regrets()));
            }
        }
        if (s.kind() == MetaSolution.Kind.PRODUCT) {
            close(s.regrets(), Profiles.regrets(game, profile), at + ": regrets are not the profile's Nash regrets");
        }
    }

    private static void distribution(double[] d, int size, String what) {
        if (d.length != size) {
            throw new AssertionError(what + " has " + d.length + " entries, expected " + size);
        }
        double total = 0;
        for (double v : d) {
            if (!(v >= -TOLERANCE)) {
                throw new AssertionError(what + " has a negative entry: " + Arrays.toString(d));
            }
            total += v;
        }
        if (Math.abs(total - 1) > TOLERANCE) {
            throw new AssertionError(what + " sums to " + total + ": " + Arrays.toString(d));
        }
    }

    private static void close(double[] actual, double[] expected, String what) {
        for (int i = 0; i < expected.length; i++) {
            double scale = Math.max(1, Math.abs(expected[i]));
            if (actual.length != expected.length || Math.abs(actual[i] - expected[i]) > TOLERANCE * scale) {
                throw new AssertionError(what + ": " + Arrays.toString(actual) + " vs " + Arrays.toString(expected));
            }
        }
    }
}
