package dev.parley.bench;

import dev.parley.cfr.CfrSolver;
import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.game.poker.LeducPoker;
import dev.parley.game.GameTree;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Vector-form CFR against the scalar solver in one JVM, interleaved block by block and timed by the thread's CPU
 * time (as {@link CpuCompare}): one iteration on Leduc, on Leduc with more ranks, and on an offline dialogue game
 * with several scenarios. Both solvers are first run to the same iteration count, so both are timed in the same
 * phase of the run (the scalar solver skips subtrees that the others reach with probability zero, which it meets
 * more often as the policy sharpens).
 *
 * <pre>
 * java -cp benchmarks.jar dev.parley.bench.FormCompare ROUNDS CALLS [WARMUP]
 * </pre>
 */
public final class FormCompare {

    private FormCompare() {
    }

    public static void main(String[] args) throws Throwable {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
        Map<String, GameTree> games = new LinkedHashMap<>();
        games.put("Leduc", GameTree.compile(new LeducPoker()));
        games.put("Leduc, 6 ranks", GameTree.compile(new LeducPoker(6)));
        Domain fruit = DialogueDomains.find("fruit-trading").orElseThrow();
        games.put("fruit trading, 8 scenarios, 4 messages",
                GameTree.compile(DialogueGame.offline(fruit, fruit.scenarios(8, 1), DialogueGame.Settings.of(4, 1))));
        System.out.printf(Locale.ROOT, "%-40s %-9s %-8s %-16s %-16s %s%n", "one iteration", "nodes", "variant",
                "scalar µs CPU", "vector µs CPU", "vector / scalar: median (min-max) over " + rounds + " rounds");
        for (var e : games.entrySet()) {
            GameTree tree = e.getValue();
            for (CfrVariant v : new CfrVariant[] {CfrVariant.CFR, CfrVariant.CFR_PLUS}) {
                CfrSolver[] pair = {new CfrSolver(tree, v), CfrSolver.vectorForm(tree, v)};
                int scaled = Math.max(1, (int) (warmup * 9457L / tree.numNodes()));
                int n = Math.max(1, (int) (calls * 9457L / tree.numNodes()));
                for (CfrSolver s : pair) {
                    s.run(scaled);
                }
                CpuPair timed = CpuPair.time(rounds, n, () -> pair[0].run(n), () -> pair[1].run(n));
                System.out.printf(Locale.ROOT, "%-40s %-9d %-8s %-16s %-16s %s%n", e.getKey(), tree.numNodes(),
                        v.title(), timed.range(0), timed.range(1), timed.ratios());
            }
        }
    }
}
