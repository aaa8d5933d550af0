package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.eval.Exploitability;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.TabularPolicy;
import dev.parley.solver.SolverKind;
import dev.parley.solver.Solvers;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code parley solve}: run a CFR-family or Monte-Carlo CFR solver and report the average policy's quality. */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = "Solve a built-in game or a Gambit .efg file with CFR, CFR+, DCFR, Linear CFR or MCCFR, "
                + "and report expected values, NashConv and exploitability of the average policy.")
final class SolveCommand implements Callable<Integer> {

    /** Games larger than this are not compiled; only MCCFR can run on them, and NashConv is not computed. */
    static final int MAX_TREE_NODES = 20_000_000;

    @Option(names = "--game", required = true, paramLabel = "NAME|FILE.efg",
            description = "A built-in game (see 'parley games') or a Gambit .efg file.")
    String game;

    @Option(names = "--solver", required = true, paramLabel = "SOLVER", completionCandidates = SolverNames.class,
            description = "cfr, cfr+, dcfr, lcfr, cfr-vector, cfr+-vector (CFR and CFR+ walking the game's public"
                    + " tree; refused on a game without one), mccfr-es or mccfr-os.")
    String solver;

    @Option(names = "--iterations", required = true, paramLabel = "N", description = "Number of iterations (>= 1).")
    int iterations;

    @Mixin
    SeedOption seedOption = new SeedOption(1);

    @Mixin
    JsonOption json;

    @Mixin
    PolicyOutOption policyOut = new PolicyOutOption();

    @Option(names = "--show-policy",
            description = "Also print the average policy: each infoset's most probable actions (with --json: every"
                    + " action's probability).")
    boolean showPolicy;

    /** How many actions per infoset the table shows; the JSON has them all. */
    static final int TOP_ACTIONS = 3;

    @Override
    public Integer call() {
        Bounds.atLeast(iterations, 1, "--iterations");
        policyOut.check();
        SolverKind kind = Solvers.require(solver);
        Game g = GameSources.load(game);
        // a sampling solver runs on a game too large to build; NashConv is then not computed
        GameTree tree = GameSources.compile(g, game, MAX_TREE_NODES, kind.runsOnGame(),
                "solve it without expanding it with --solver " + SolverNames.sampled());

        long start = System.nanoTime();
        TabularPolicy policy;
        try (Progress progress = Progress.start("solving " + g.name(), iterations)) {
            IterativeSolver s = tree != null ? kind.onTree(tree, seedOption.seed) : kind.onGame(g, seedOption.seed);
            for (int i = 0; i < iterations; i++) {
                s.iterate();
                progress.step();
            }
            policy = s.averagePolicy();
        }
        double seconds = (System.nanoTime() - start) / 1e9;

        double[] values = null;
        Double nashConv = null;
        if (tree != null) {
            double[] slots = policy.toSlots(tree);
            values = Exploitability.expectedValues(tree, slots);
            nashConv = Exploitability.nashConv(tree, slots);
        }
        policyOut.write(policy);
        print(g, values, nashConv, seconds, showPolicy ? policy : null);
        return 0;
    }

    private void print(Game g, double[] values, Double nashConv, double seconds, TabularPolicy policy) {
        PrintWriter out = json.out();
        int players = g.numPlayers();
        if (json.on()) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            root.put("game", g.name());
            root.put("solver", solver);
            root.put("iterations", iterations);
            if (values != null) {
                root.set("expected_values", Json.tree(values));
                root.put("nash_conv", nashConv);
                root.put("exploitability", nashConv / players);
            } else {
                root.putNull("expected_values");
                root.putNull("nash_conv");
                root.putNull("exploitability");
            }
            root.put("seconds", seconds);
            if (policy != null) {
                ObjectNode rows = root.putObject("policy");
                policy.rows().forEach((key, row) -> {
                    ObjectNode o = rows.putObject(key);
                    for (int k = 0; k < row.labels().length; k++) {
                        o.put(row.labels()[k], row.probabilities()[k]);
                    }
                });
            }
            out.println(Json.write(root));
            return;
        }
        Table t = new Table("quantity", "value");
        t.row("game", g.name());
        t.row("solver", solver);
        t.row("iterations", iterations);
        for (int p = 0; p < players; p++) {
            t.row("expected value, player " + p, values == null ? "n/a (game too large)" : fmt(values[p]));
        }
        t.row("NashConv", nashConv == null ? "n/a (game too large)" : fmt(nashConv));
        t.row("exploitability", nashConv == null ? "n/a (game too large)" : fmt(nashConv / players));
        t.row("seconds", String.format(Locale.ROOT, "%.3f", seconds));
        out.print(t.render());
        if (policy != null) {
            out.print(policyTable(policy).render());
        }
    }

    /** One row per infoset: its player and its {@value #TOP_ACTIONS} most probable actions, likeliest first. */
    static Table policyTable(TabularPolicy policy) {
        Table t = new Table("infoset", "player", "top actions (average policy)");
        policy.rows().forEach((key, row) -> {
            Integer[] order = new Integer[row.labels().length];
            for (int k = 0; k < order.length; k++) {
                order[k] = k;
            }
            // stable: equal probabilities keep the game's action order
            Arrays.sort(order, Comparator.comparingDouble((Integer k) -> -row.probabilities()[k]));
            List<String> top = new ArrayList<>();
            for (int k = 0; k < Math.min(TOP_ACTIONS, order.length); k++) {
                top.add(row.labels()[order[k]] + " " + String.format(Locale.ROOT, "%.3f",
                        row.probabilities()[order[k]]));
            }
            t.row(key, row.player(), String.join(", ", top));
        });
        return t;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6f", v);
    }
}
