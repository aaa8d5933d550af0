package dev.parley.game;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An n-player game in normal (strategic) form: a payoff tensor over pure-strategy profiles.
 *
 * <p>Profiles are numbered as in Gambit's payoff list: the first player's strategy varies fastest. The payoff of
 * player {@code p} at profile index {@code k} is {@code payoffs[k * numPlayers + p]}.
 *
 * @param title      a free-text title
 * @param players    player names
 * @param strategies each player's strategy labels
 * @param payoffs    the flat payoff tensor (copied in and out)
 */
public record NormalFormGame(String title, List<String> players, List<List<String>> strategies, double[] payoffs) {

    public NormalFormGame {
        Objects.requireNonNull(title, "title");
        players = List.copyOf(players);
        List<List<String>> copy = new ArrayList<>();
        for (List<String> s : strategies) {
            if (s.isEmpty()) {
                throw new IllegalArgumentException("every player needs at least one strategy");
            }
            copy.add(List.copyOf(s));
        }
        strategies = List.copyOf(copy);
        if (players.size() != strategies.size() || players.isEmpty()) {
            throw new IllegalArgumentException("need one strategy list per player, and at least one player");
        }
        long profiles = 1;
        for (List<String> s : strategies) {
            profiles *= s.size();
        }
        if (payoffs.length != profiles * players.size()) {
            throw new IllegalArgumentException("expected " + profiles * players.size() + " payoffs ("
                    + profiles + " profiles x " + players.size() + " players), got " + payoffs.length);
        }
        payoffs = payoffs.clone();
    }

    /** A two-player game from row-player and column-player payoff matrices ({@code a[i][j]}, {@code b[i][j]}). */
    public static NormalFormGame bimatrix(String title, double[][] a, double[][] b) {
        int m = a.length;
        int n = a[0].length;
        double[] payoffs = new double[m * n * 2];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                int k = i + m * j;
                payoffs[2 * k] = a[i][j];
                payoffs[2 * k + 1] = b[i][j];
            }
        }
        return new NormalFormGame(title, List.of("Player 1", "Player 2"),
                List.of(labels(m), labels(n)), payoffs);
    }

    private static List<String> labels(int n) {
        List<String> l = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            l.add(Integer.toString(i));
        }
        return l;
    }

    @Override
    public double[] payoffs() {
        return payoffs.clone();
    }

    public int numPlayers() {
        return players.size();
    }

    public int numStrategies(int player) {
        return strategies.get(player).size();
    }

    public int numProfiles() {
        return payoffs.length / players.size();
    }

    /** The index of a pure profile (first player fastest). */
    public int profileIndex(int... profile) {
        if (profile.length != players.size()) {
            throw new IllegalArgumentException("profile has " + profile.length + " entries for "
                    + players.size() + " players");
        }
        int index = 0;
        int stride = 1;
        for (int p = 0; p < profile.length; p++) {
            int s = profile[p];
            if (s < 0 || s >= numStrategies(p)) {
                throw new IllegalArgumentException("strategy " + s + " out of range for player " + p);
            }
            index += s * stride;
            stride *= numStrategies(p);
        }
        return index;
    }

    /** The pure profile at {@code index}. */
    public int[] profile(int index) {
        int[] profile = new int[players.size()];
        for (int p = 0; p < profile.length; p++) {
            profile[p] = index % numStrategies(p);
            index /= numStrategies(p);
        }
        return profile;
    }

    public double payoff(int player, int... profile) {
        return payoffs[profileIndex(profile) * players.size() + player];
    }

    /** Player {@code p}'s payoff at profile index {@code k}. */
    public double payoffAt(int k, int p) {
        return payoffs[k * players.size() + p];
    }

    /** Whether payoffs sum to zero (within {@code tolerance}) at every profile. */
    public boolean isZeroSum(double tolerance) {
        int n = players.size();
        for (int k = 0; k < numProfiles(); k++) {
            double s = 0;
            for (int p = 0; p < n; p++) {
                s += payoffs[k * n + p];
            }
            if (Math.abs(s) > tolerance) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NormalFormGame g && g.title.equals(title) && g.players.equals(players)
                && g.strategies.equals(strategies) && Arrays.equals(g.payoffs, payoffs);
    }

    @Override
    public int hashCode() {
        return Objects.hash(title, players, strategies, Arrays.hashCode(payoffs));
    }

    @Override
    public String toString() {
        return "NormalFormGame[" + title + ", players=" + players + ", strategies=" + strategies + "]";
    }
}
