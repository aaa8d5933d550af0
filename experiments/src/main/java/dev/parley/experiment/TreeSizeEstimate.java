package dev.parley.experiment;

import dev.parley.error.Setting;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.game.State;
import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * The size of a domain's dialogue tree, estimated before anything is built: Knuth's (1975) estimator over random
 * dialogues of the protocol under the experiment's settings. One random root-to-leaf path with branching factors
 * b0, b1, ... estimates the node count as 1 + b0 + b0·b1 + ... without bias; the estimate is the mean over
 * {@code probes} paths, with its standard error. The paths are played on the domain's offline game (its planner
 * and realiser), so the estimate costs no model call: the tree's shape comes from the protocol, the instructions
 * and the settings, not from the words.
 *
 * @param nodes  the estimated number of nodes
 * @param stderr the standard error of that mean
 * @param probes how many random dialogues it was estimated from
 */
public record TreeSizeEstimate(double nodes, double stderr, int probes) {

    /** Random dialogues per estimate: a few hundred offline messages, well under a second. */
    public static final int DEFAULT_PROBES = 256;

    /**
     * With a model the game remembers every message, so that the dialogues read back after solving cost no call:
     * about 13 KB of heap per tree node while the tree is built (issue 14's measurement), so that default limit is
     * the heap over 12 KB.
     */
    public static final long BYTES_PER_NODE = 12_000;

    /**
     * Offline the tree is compiled in one pass that remembers nothing ({@code DialogueGame.Memo.NONE}): fruit
     * trading at 7 messages (2,248,917 nodes) peaked at 1.82 GB resident, about 800 bytes per node with the JVM's
     * own, and the compiled tree holds about 120, so the offline default limit is the heap over 1,000 bytes.
     */
    public static final long BYTES_PER_NODE_OFFLINE = 1_000;

    /** The node limit that fits in this JVM's heap, offline or with a model. */
    public static long defaultMaxNodes(boolean offline) {
        return Math.max(10_000, Runtime.getRuntime().maxMemory() / (offline ? BYTES_PER_NODE_OFFLINE
                : BYTES_PER_NODE));
    }

    /** The estimate from exactly {@code probes} random dialogues (at least 2), as the sampled reports print it. */
    public static TreeSizeEstimate of(ExperimentConfig config, int probes, long seed) {
        if (probes < 2) {
            throw new IllegalArgumentException("probes must be at least 2, got " + probes);
        }
        return probe(config, seed, probes, OptionalLong.empty());
    }

    /**
     * The estimate a size guard needs: it probes in rounds of {@link #ROUND} and stops as soon as the tree plainly
     * fits, its mean plus {@link #MARGIN} standard errors under a quarter of {@code maxNodes}; otherwise it goes on
     * to {@link #DEFAULT_PROBES} and the refusal is decided as by {@link #of}. Small trees, the common case, then
     * cost a few dozen random dialogues instead of more than the tree itself. Knuth's estimator can miss a rare deep
     * branch; an underestimate costs only time, because the compiler refuses a tree over {@code maxNodes} all the
     * same ({@link dev.parley.game.GameTree#compile(dev.parley.game.Game, int)}).
     */
    public static TreeSizeEstimate against(ExperimentConfig config, long maxNodes, long seed) {
        return probe(config, seed, DEFAULT_PROBES, OptionalLong.of(maxNodes));
    }

    /** Probes in a round before the guard looks at the estimate so far. */
    static final int ROUND = 16;

    /** How many standard errors under the guard's threshold the estimate must be to stop early. */
    static final double MARGIN = 8;

    /** {@code guard}: the limit to stop early under, or empty to probe {@code probes} times whatever the estimate. */
    private static TreeSizeEstimate probe(ExperimentConfig config, long seed, int probes, OptionalLong guard) {
        Domain domain = config.domain();
        DialogueGame game = DialogueGame.offline(domain, domain.scenarios(config.scenarios(), config.seed()),
                config.settings());
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
                return estimate(Arrays.copyOf(values, done));
            }
        }
        return estimate(values);
    }

    private static boolean plainlyFits(double[] values, long maxNodes) {
        double mean = Estimate.mean(values);
        return mean + MARGIN * Estimate.stderr(values, mean) <= maxNodes / 4.0;
    }

    private static TreeSizeEstimate estimate(double[] values) {
        Estimate e = Estimate.of(values);
        return new TreeSizeEstimate(e.mean(), e.stderr(), values.length);
    }

    /** {@code 2.1e+07} or {@code 8,400}: what a person reads in one line. */
    public String label() {
        return nodes >= 1e6 ? String.format(Locale.ROOT, "%.2g", nodes) : String.format(Locale.ROOT, "%,.0f", nodes);
    }

    /**
     * The one-line refusal when the estimate exceeds {@code maxNodes}, or null when the tree fits.
     */
    public String refusal(String domain, long maxNodes) {
        if (nodes <= maxNodes) {
            return null;
        }
        return String.format(Locale.ROOT, "the %s game tree would have about %s nodes (estimated from %d random"
                + " dialogues, standard error %.0f%%), over the limit %s %,d; solve it without expanding it"
                + " with %s mccfr-os or mccfr-es (sampling on the lazily generated game), or raise %s",
                domain, label(), probes, 100 * stderr / nodes, Setting.named("maxNodes"), maxNodes,
                Setting.named("solver"), Setting.named("maxNodes"));
    }
}
