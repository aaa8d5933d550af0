package dev.parley.game;

import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * The size of a game's tree, estimated before anything is built: Knuth's (1975) estimator over random plays. One
 * random root-to-leaf path with branching factors b0, b1, ... estimates the node count as 1 + b0 + b0·b1 + ...
 * without bias; the estimate is the mean over {@code probes} paths, with its standard error. It walks the game's
 * states only, so a game too large to build is refused in well under a second instead of running out of memory.
 *
 * @param nodes  the estimated number of nodes
 * @param stderr the standard error of that mean
 * @param probes how many random plays it was estimated from
 */
public record TreeSize(double nodes, double stderr, int probes) {

    /** Random plays per full estimate: a few hundred root-to-leaf paths. */
    public static final int DEFAULT_PROBES = 256;

    /** Probes in a round before a guard looks at the estimate so far. */
    public static final int ROUND = 16;

    /** How many standard errors under the guard's threshold the estimate must be to stop early. */
    public static final double MARGIN = 8;

    /** The estimate from exactly {@code probes} random plays (at least 2). */
    public static TreeSize of(Game game, int probes, long seed) {
        if (probes < 2) {
            throw new IllegalArgumentException("probes must be at least 2, got " + probes);
        }
        return probe(game, seed, probes, OptionalLong.empty());
    }

    /**
     * The estimate a size guard needs: it probes in rounds of {@link #ROUND} and stops as soon as the tree plainly
     * fits, its mean plus {@link #MARGIN} standard errors under a quarter of {@code maxNodes}; otherwise it goes on
     * to {@link #DEFAULT_PROBES}. Small trees, the common case, then cost a few dozen plays. Knuth's estimator can
     * miss a rare deep branch; an underestimate costs only time, because {@link GameTree#compile(Game, int)} refuses
     * a tree over its limit all the same.
     */
    public static TreeSize against(Game game, long maxNodes, long seed) {
        return probe(game, seed, DEFAULT_PROBES, OptionalLong.of(maxNodes));
    }

    private static TreeSize probe(Game game, long seed, int probes, OptionalLong guard) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] values = new double[probes];
        for (int i = 0; i < probes; i++) {
            State s = game.initialState();
            double width = 1;
            double total = 1;
            while (!s.isTerminal()) {
                int[] actions = s.legalActions();
                width *= actions.length;
                total += width;
                s = s.child(actions[random.nextInt(actions.length)]);
            }
            values[i] = total;
            int done = i + 1;
            if (guard.isPresent() && done % ROUND == 0 && done < probes
                    && plainlyFits(Arrays.copyOf(values, done), guard.getAsLong())) {
                return of(Arrays.copyOf(values, done));
            }
        }
        return of(values);
    }

    private static boolean plainlyFits(double[] values, long maxNodes) {
        double mean = mean(values);
        return mean + MARGIN * stderr(values, mean) <= maxNodes / 4.0;
    }

    private static TreeSize of(double[] values) {
        double mean = mean(values);
        return new TreeSize(mean, stderr(values, mean), values.length);
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double stderr(double[] values, double mean) {
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return Math.sqrt(squares / (values.length - 1) / values.length);
    }

    /** Whether the estimate is over {@code maxNodes}. */
    public boolean exceeds(long maxNodes) {
        return nodes > maxNodes;
    }

    /** {@code 2.1e+07} or {@code 8,400}: what a person reads in one line. */
    public String label() {
        return nodes >= 1e6 ? String.format(Locale.ROOT, "%.2g", nodes) : String.format(Locale.ROOT, "%,.0f", nodes);
    }

    /** {@code about 6.0e+18 nodes (estimated from 256 random plays, standard error 97%)}. */
    public String describe(String plays) {
        return String.format(Locale.ROOT, "about %s nodes (estimated from %d random %s, standard error %.0f%%)",
                label(), probes, plays, 100 * stderr / nodes);
    }
}
