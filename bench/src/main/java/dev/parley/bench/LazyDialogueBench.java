package dev.parley.bench;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.mccfr.MccfrSolver;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Monte-Carlo CFR on the lazily generated fruit-trading game offline (4 scenarios): iterations per second while
 * the game is generated as the samples reach it (new messages included: that is the steady state of a lazy run),
 * and the heap the run retains per visited message (the memo, interned transcripts, scored dialogues and the
 * solver's infosets, measured after full collections).
 */
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class LazyDialogueBench {

    /** The solver and the dialogue length: {@code os-4}, {@code es-4}, {@code os-8}. */
    @State(Scope.Benchmark)
    public static class Running {
        @Param({"os-4", "es-4", "os-8"})
        String setting;
        MccfrSolver solver;

        @Setup(Level.Trial)
        public void setUp() {
            solver = solver(setting, 1);
            solver.run(setting.startsWith("es") ? 20 : 500); // past the first, all-new dialogues
        }
    }

    static MccfrSolver solver(String setting, long seed) {
        Domain d = DialogueDomains.find("fruit-trading").orElseThrow();
        int replies = Integer.parseInt(setting.substring(3));
        DialogueGame game = DialogueGame.offline(d, d.scenarios(4, 1), DialogueGame.Settings.of(replies, 1));
        MccfrSolver.Sampling s = setting.startsWith("es") ? MccfrSolver.Sampling.EXTERNAL
                : MccfrSolver.Sampling.OUTCOME;
        return MccfrSolver.onGame(game, s, seed);
    }

    /** One MCCFR iteration (one sampled pass per player) on the lazy game. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 2, time = 5)
    @Measurement(iterations = 5, time = 5)
    public int iteration(Running r) {
        r.solver.iterate();
        return r.solver.iterations();
    }

    /** Heap retained per visited message, reported as an auxiliary counter (bytes). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Memory {
        public double bytesPerMessage;
        public double bytesPerInfoset;
        public double messages;

        @Setup(Level.Iteration)
        public void clear() {
            bytesPerMessage = 0;
            bytesPerInfoset = 0;
            messages = 0;
        }
    }

    /** A fresh lazy game at 8 messages, 3,000 outcome-sampling iterations, then the heap it holds. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 1, batchSize = 1)
    @Measurement(iterations = 5, batchSize = 1)
    public int retainedHeap(Memory m) {
        MemoryMXBean bean = ManagementFactory.getMemoryMXBean();
        long before = used(bean);
        Domain d = DialogueDomains.find("fruit-trading").orElseThrow();
        DialogueGame game = DialogueGame.offline(d, d.scenarios(4, 1), DialogueGame.Settings.of(8, 1));
        MccfrSolver solver = MccfrSolver.onGame(game, MccfrSolver.Sampling.OUTCOME, System.nanoTime());
        solver.run(3_000);
        long after = used(bean);
        long messages = game.visited().messages();
        m.messages = messages;
        m.bytesPerMessage = (after - before) / (double) messages;
        m.bytesPerInfoset = (after - before) / (double) solver.infosetsSeen();
        // keep both reachable until measured
        return solver.iterations() + (int) game.visited().transcripts();
    }

    private static long used(MemoryMXBean bean) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return bean.getHeapMemoryUsage().getUsed();
    }
}
