package dev.parley.bench;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.EngineBranching;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.DialogueDomains;
import dev.parley.game.GameTree;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;

/**
 * What an exact offline dialogue tree costs in memory: one domain compiled once, with the heap in use measured after
 * full collections with the game and its memo alive, and with the compiled tree alone; the infoset keys' characters
 * as stored and as whole strings; the build's time and the JVM's peak heap. A measurement, not a JMH benchmark: one
 * tree of millions of nodes is built once.
 *
 * <pre>
 * java -Xmx4g -cp benchmarks.jar dev.parley.bench.TreeMemory DOMAIN SCENARIOS MESSAGES [ALL|NONE]
 * </pre>
 */
public final class TreeMemory {

    private TreeMemory() {
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: TreeMemory DOMAIN SCENARIOS MESSAGES [ALL|NONE]");
            System.exit(2);
        }
        Domain d = DialogueDomains.find(args[0]).orElseThrow(() -> new IllegalArgumentException("no domain "
                + args[0]));
        int scenarios = Integer.parseInt(args[1]);
        int messages = Integer.parseInt(args[2]);
        DialogueGame.Memo memo = args.length > 3 ? DialogueGame.Memo.valueOf(args[3]) : DialogueGame.Memo.NONE;
        // warm the domain's lazily loaded parts (lexicon, schemas) so the baseline counts them
        GameTree.compile(game(d, scenarios, 1, memo));
        long base = usedAfterGc();
        long start = System.nanoTime();
        DialogueGame game = game(d, scenarios, messages, memo);
        GameTree tree = GameTree.compile(game);
        double seconds = (System.nanoTime() - start) / 1e9;
        long withGame = usedAfterGc() - base;
        game = null;
        long treeAlone = usedAfterGc() - base;
        long whole = 0;
        for (int i = 0; i < tree.numInfosets(); i++) {
            whole += tree.infosetKey(i).length();
        }
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        int n = tree.numNodes();
        System.out.printf(Locale.ROOT, "%s, %d scenarios, %d messages, memo %s: %,d nodes, %,d infosets, built in %.1f s"
                + "%n  heap with the game: %.0f bytes/node; the compiled tree alone: %.0f bytes/node (%.1f MB)"
                + "%n  infoset keys: %,d characters stored, %,d as whole keys (%.2f)%n  peak heap of the JVM: %.0f MB%n",
                d.name(), scenarios, messages, memo, n, tree.numInfosets(), seconds, (double) withGame / n,
                (double) treeAlone / n, treeAlone / 1e6, tree.infosetKeyChars(), whole,
                (double) tree.infosetKeyChars() / whole, peak / 1e6);
        // keep the tree reachable until it has been measured
        if (tree.numNodes() < 0) {
            System.out.println(tree);
        }
    }

    private static DialogueGame game(Domain d, int scenarios, int messages, DialogueGame.Memo memo) {
        return new DialogueGame(d, d.scenarios(scenarios, 1), d.instructions(), new OfflineMoveGenerator(d.content()),
                RewardModel.exact(d), DialogueGame.Settings.of(messages, 1), EngineBranching.COPY, memo);
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
