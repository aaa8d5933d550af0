package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A normal-form game estimated from simulations (an empirical meta-game): for every pure profile, each player's mean
 * return, the standard error of that mean and the number of samples.
 *
 * <p>Arrays are laid out as in {@link NormalFormGame}: profile k (first player fastest), player p at
 * {@code k * numPlayers + p}; {@code samples[k]} counts the simulations of profile k. A cell computed exactly (by a
 * full tree walk) has standard error 0 and 0 samples; a cell with one sample has standard error NaN (unknown); an
 * unvisited cell has mean NaN.
 */
public record EmpiricalGame(String title, List<String> players, List<List<String>> strategies, double[] means,
                            double[] standardErrors, int[] samples) {

    public EmpiricalGame {
        Objects.requireNonNull(title, "title");
        players = List.copyOf(players);
        strategies = strategies.stream().map(List::copyOf).toList();
        int profiles = 1;
        for (List<String> s : strategies) {
            profiles *= s.size();
        }
        if (means.length != profiles * players.size() || standardErrors.length != means.length
                || samples.length != profiles) {
            throw new IllegalArgumentException("array sizes do not match " + profiles + " profiles x "
                    + players.size() + " players");
        }
        means = means.clone();
        standardErrors = standardErrors.clone();
        samples = samples.clone();
    }

    @Override
    public double[] means() {
        return means.clone();
    }

    @Override
    public double[] standardErrors() {
        return standardErrors.clone();
    }

    @Override
    public int[] samples() {
        return samples.clone();
    }

    public int numPlayers() {
        return players.size();
    }

    public int numProfiles() {
        return samples.length;
    }

    /** Total number of simulations behind the estimate. */
    public long totalSamples() {
        long t = 0;
        for (int s : samples) {
            t += s;
        }
        return t;
    }

    /** The means as a {@link NormalFormGame}, the input of every meta-solver. */
    public NormalFormGame toNormalFormGame() {
        for (int k = 0; k < means.length; k++) {
            if (Double.isNaN(means[k])) {
                throw new IllegalStateException("profile " + k / players.size() + " has no estimate yet");
            }
        }
        return new NormalFormGame(title, players, strategies, means);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EmpiricalGame g && g.title.equals(title) && g.players.equals(players)
                && g.strategies.equals(strategies) && Arrays.equals(g.means, means)
                && Arrays.equals(g.standardErrors, standardErrors) && Arrays.equals(g.samples, samples);
    }

    @Override
    public int hashCode() {
        return Objects.hash(title, players, strategies, Arrays.hashCode(means), Arrays.hashCode(samples));
    }

    @Override
    public String toString() {
        return "EmpiricalGame[" + title + ", strategies=" + strategies + ", samples=" + totalSamples() + "]";
    }

    /**
     * Accumulates returns per pure profile (Welford's running mean and variance), while the strategy sets may grow —
     * as they do in PSRO. Not thread-safe.
     */
    public static final class Builder {
        private final String title;
        private final List<String> players;
        private final List<List<String>> strategies = new ArrayList<>();
        private final Map<List<Integer>, Cell> cells = new HashMap<>();

        public Builder(String title, List<String> players) {
            this.title = title;
            this.players = List.copyOf(players);
            for (int p = 0; p < players.size(); p++) {
                strategies.add(new ArrayList<>());
            }
        }

        /** Adds a strategy for {@code player}; returns its index. */
        public int addStrategy(int player, String label) {
            strategies.get(player).add(label);
            return strategies.get(player).size() - 1;
        }

        public int numStrategies(int player) {
            return strategies.get(player).size();
        }

        /** Records one simulated outcome of the pure profile. */
        public Builder add(int[] profile, double[] returns) {
            cell(profile).moments.add(returns);
            return this;
        }

        /** Records an exactly computed value of the pure profile (replacing any samples). */
        public Builder setExact(int[] profile, double[] values) {
            Cell c = cell(profile);
            c.exact = values.clone();
            return this;
        }

        /**
         * Records a summary of {@code samples} simulations (means and standard errors), merged with any earlier
         * samples of the profile (Chan et al.'s parallel variance formula); {@code samples == 0} means exact values.
         */
        public Builder addEstimate(int[] profile, double[] means, double[] standardErrors, int samples) {
            if (samples == 0) {
                return setExact(profile, means);
            }
            cell(profile).moments.merge(means, standardErrors, samples);
            return this;
        }

        /** Whether the profile has an estimate. */
        public boolean has(int[] profile) {
            Cell c = cells.get(key(profile));
            return c != null && (c.exact != null || c.moments.count() > 0);
        }

        private Cell cell(int[] profile) {
            if (profile.length != players.size()) {
                throw new IllegalArgumentException("profile has " + profile.length + " entries for "
                        + players.size() + " players");
            }
            for (int p = 0; p < profile.length; p++) {
                if (profile[p] < 0 || profile[p] >= strategies.get(p).size()) {
                    throw new IllegalArgumentException("strategy " + profile[p] + " of player " + p
                            + " does not exist");
                }
            }
            return cells.computeIfAbsent(key(profile), k -> new Cell(players.size()));
        }

        private static List<Integer> key(int[] profile) {
            return Arrays.stream(profile).boxed().toList();
        }

        public EmpiricalGame build() {
            int n = players.size();
            int profiles = 1;
            for (List<String> s : strategies) {
                if (s.isEmpty()) {
                    throw new IllegalStateException("every player needs at least one strategy");
                }
                profiles *= s.size();
            }
            double[] means = new double[profiles * n];
            double[] errors = new double[profiles * n];
            int[] samples = new int[profiles];
            int[] s = new int[n];
            for (int k = 0; k < profiles; k++) {
                Cell c = cells.get(key(s));
                for (int p = 0; p < n; p++) {
                    if (c == null || (c.exact == null && c.moments.count() == 0)) {
                        means[k * n + p] = Double.NaN;
                        errors[k * n + p] = Double.NaN;
                    } else if (c.exact != null) {
                        means[k * n + p] = c.exact[p];
                    } else {
                        means[k * n + p] = c.moments.mean(p);
                        errors[k * n + p] = c.moments.standardError(p);
                    }
                }
                samples[k] = c == null || c.exact != null ? 0 : c.moments.count();
                for (int p = 0; p < n; p++) {
                    if (++s[p] < strategies.get(p).size()) {
                        break;
                    }
                    s[p] = 0;
                }
            }
            return new EmpiricalGame(title, players, strategies, means, errors, samples);
        }

        /** The samples of one profile, or its exact values (which then win). */
        private static final class Cell {
            final RunningMoments moments;
            double[] exact;

            Cell(int n) {
                moments = new RunningMoments(n);
            }
        }
    }
}
