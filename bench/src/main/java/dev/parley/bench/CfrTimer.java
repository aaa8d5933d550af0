package dev.parley.bench;

import dev.parley.cfr.CfrSolver;
import dev.parley.cfr.CfrVariant;
import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.poker.LeducPoker;
import dev.parley.game.GameTree;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Parley's side of {@code bench/openspiel/cfr_side_by_side.py}: reads requests {@code GAME VARIANT N} (game
 * {@code kuhn_poker} or {@code leduc_poker}, variant {@code cfr} or {@code cfr+}) one per line, runs N more
 * iterations of one solver kept per (game, variant), and answers the thread's CPU time per iteration in
 * microseconds. The driver interleaves these blocks with OpenSpiel's in one run; the solvers stay warm between them.
 */
public final class CfrTimer {

    private CfrTimer() {
    }

    public static void main(String[] args) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, CfrSolver> solvers = new HashMap<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.trim().split("\\s+");
            if (w.length != 3) {
                System.out.println("error: expected GAME VARIANT N, got '" + line + "'");
                System.out.flush();
                continue;
            }
            CfrSolver solver;
            int n;
            try {
                solver = solvers.computeIfAbsent(w[0] + " " + w[1], k -> new CfrSolver(tree(w[0]), variant(w[1])));
                n = Integer.parseInt(w[2]);
                if (n < 1) {
                    throw new IllegalArgumentException("N must be at least 1, got " + n);
                }
            } catch (IllegalArgumentException e) {
                System.out.println("error: " + e.getMessage());
                System.out.flush();
                continue;
            }
            long t0 = threads.getCurrentThreadCpuTime();
            solver.run(n);
            double us = (threads.getCurrentThreadCpuTime() - t0) / 1e3 / n;
            System.out.println(String.format(Locale.ROOT, "%.4f", us));
            System.out.flush();
        }
    }

    private static CfrVariant variant(String name) {
        return switch (name) {
            case "cfr" -> CfrVariant.CFR;
            case "cfr+" -> CfrVariant.CFR_PLUS;
            default -> throw new IllegalArgumentException("variant is cfr or cfr+, not " + name);
        };
    }

    private static GameTree tree(String game) {
        return switch (game) {
            case "kuhn_poker" -> GameTree.compile(new KuhnPoker(2));
            case "leduc_poker" -> GameTree.compile(new LeducPoker());
            default -> throw new IllegalArgumentException("game is kuhn_poker or leduc_poker, not " + game);
        };
    }
}
