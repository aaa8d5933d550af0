package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.error.Setting;
import dev.parley.game.TreeSize;
import java.util.Locale;

/**
 * The size of a domain's dialogue tree, estimated before anything is built ({@link TreeSize}: Knuth's estimator over
 * random dialogues of the protocol under the experiment's settings). The paths are played on the domain's offline
 * game (its planner and realiser), so the estimate costs no model call: the tree's shape comes from the protocol,
 * the instructions and the settings, not from the words.
 *
 * @param nodes  the estimated number of nodes
 * @param stderr the standard error of that mean
 * @param probes how many random dialogues it was estimated from
 */
public record TreeSizeEstimate(double nodes, double stderr, int probes) {

    /** Random dialogues per estimate: a few hundred offline messages, well under a second. */
    public static final int DEFAULT_PROBES = TreeSize.DEFAULT_PROBES;

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
        return from(TreeSize.of(offlineGame(config), probes, seed));
    }

    /**
     * The estimate a size guard needs ({@link TreeSize#against}): it stops as soon as the tree plainly fits, and
     * otherwise probes {@link #DEFAULT_PROBES} dialogues; the compiler refuses a tree over {@code maxNodes} all the
     * same ({@link dev.parley.game.GameTree#compile(dev.parley.game.Game, int)}).
     */
    public static TreeSizeEstimate against(ExperimentConfig config, long maxNodes, long seed) {
        return from(TreeSize.against(offlineGame(config), maxNodes, seed));
    }

    /** The domain's game played offline: the tree's shape comes from the protocol and settings, not the words. */
    private static DialogueGame offlineGame(ExperimentConfig config) {
        Domain domain = config.domain();
        return DialogueGame.offline(domain, domain.scenarios(config.scenarios(), config.seed()), config.settings());
    }

    private static TreeSizeEstimate from(TreeSize size) {
        return new TreeSizeEstimate(size.nodes(), size.stderr(), size.probes());
    }

    /** {@code 2.1e+07} or {@code 8,400}: what a person reads in one line. */
    public String label() {
        return from().label();
    }

    private TreeSize from() {
        return new TreeSize(nodes, stderr, probes);
    }

    /**
     * The one-line refusal when the estimate exceeds {@code maxNodes}, or null when the tree fits.
     */
    public String refusal(String domain, long maxNodes) {
        if (nodes <= maxNodes) {
            return null;
        }
        return String.format(Locale.ROOT, "the %s game tree would have %s, over the limit %s %,d; solve it"
                + " without expanding it with %s mccfr-os or mccfr-es (sampling on the lazily generated game), or"
                + " raise %s", domain, from().describe("dialogues"), Setting.named("maxNodes"), maxNodes,
                Setting.named("solver"), Setting.named("maxNodes"));
    }
}
