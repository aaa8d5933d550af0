package dev.parley.bench;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.experiment.LoopbackTrader;
import dev.parley.game.GameTree;
import dev.parley.game.TreeBuilder;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.RewardSpec;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Full expansion of a dialogue game whose every message and judgement is a model call: fruit trading (2 scenarios,
 * 3 messages), the LLM judge, through the real LangChain4j adapter against the loopback trader with 100 ms per
 * answer (its words carry the instruction's tone, so no two leaves share a judgement), a fresh SQLite call cache
 * per build, at 16 calls in flight. One build per measurement; divide the node
 * count ({@link Run#main} prints it, with the model requests and the peak heap) by the time for nodes/s.
 *
 * <pre>java -jar bench/target/benchmarks.jar ExpansionBench</pre>
 */
public class ExpansionBench {

    static final Domain FRUIT = FruitTrading.domain();
    /** A fast hosted model's time to answer a short request; latency, not CPU, then bounds the build. */
    static final Duration LATENCY = Duration.ofMillis(100);
    private static final java.util.regex.Pattern TONE = java.util.regex.Pattern.compile("Respond in an? (\\w+)");

    /** What one build did. */
    public record Built(GameTree tree, int requests, double seconds, long peakHeapBytes) { }

    /** A loopback model: the trader for moves, a fixed-form judge whose numbers depend on what it reads. */
    static FakeOpenAiServer server() {
        return FakeOpenAiServer.start().latency(LATENCY).fallback(request -> {
            String all = request.path("messages").toString();
            int h = Math.floorMod(all.hashCode(), 7) - 3;
            if (all.contains("You extract numbers")) {
                return FakeOpenAiServer.Reply.content("{\"value\": " + h + "}");
            }
            if (all.contains("The players' private information")) {
                if (LoopbackTrader.move(request).endsWith("payoffs")) {
                    return FakeOpenAiServer.Reply.content("{\"assessment\": \"-\", \"Alice\": " + h + ", \"Bob\": "
                            + (-h) + "}");
                }
                return FakeOpenAiServer.Reply.content("The payoff is " + h + ".");
            }
            // the words carry the instruction's tone, so every leaf's transcript (and judgement) is its own
            java.util.regex.Matcher tone = TONE.matcher(all);
            return FakeOpenAiServer.Reply.content(LoopbackTrader.answer(request, false,
                    tone.find() ? "(" + tone.group(1) + ") " : ""));
        });
    }

    /**
     * Builds the tree once, on a fresh cache in {@code dir}.
     *
     * @param judge per-player (score then extract, per player) or joint (one call for every payoff)
     */
    public static Built build(FakeOpenAiServer server, Path dir, int concurrency, String judge, int scenarios,
            int messages) {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        AtomicLong peak = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (running.get()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        int before = server.requestCount();
        long start = System.nanoTime();
        sampler.start();
        try (CallCache cache = CallCache.openFile(dir.resolve("calls-" + System.nanoTime() + ".sqlite"))) {
            // a pooled connection the loopback server has closed is retried, as real runs do (--retries)
            LlmConfig config = LlmConfig.openAi(server.baseUrl(), "trader").withTimeout(Duration.ofSeconds(60))
                    .withRetries(3, Duration.ofMillis(10));
            // at most `concurrency` calls in flight, as --llm-concurrency sets it in parley experiment
            CachedChat chat = new CachedChat(ChatProvider.backend(config, Map.of()), cache, CacheMode.READ_WRITE,
                    new CallAccounting(), concurrency);
            RewardSpec spec = new RewardSpec(FRUIT.prompts().background(), FRUIT.prompts().rewardQuery(),
                    FRUIT.minPayoff(), FRUIT.maxPayoff());
            LlmRewardModel judgeModel = judge.equals("joint") ? LlmRewardModel.joint(chat, spec, 1, false)
                    : new LlmRewardModel(chat, spec, 1, false);
            DialogueGame game = new DialogueGame(FRUIT, FRUIT.scenarios(scenarios, 1),
                    new LlmMoveGenerator(chat, FRUIT.content(), FRUIT.prompts().background(), 3),
                    RewardModel.judge(judgeModel), DialogueGame.Settings.of(messages, 1));
            GameTree tree = new TreeBuilder(concurrency, 5_000_000, n -> { }).build(game).tree();
            double seconds = (System.nanoTime() - start) / 1e9;
            running.set(false);
            return new Built(tree, server.requestCount() - before, seconds, peak.get());
        } finally {
            running.set(false);
        }
    }

    @State(Scope.Benchmark)
    public static class Setting {
        @Param({"per-player", "joint"})
        String judge;
        FakeOpenAiServer server;
        Path dir;

        @Setup(Level.Trial)
        public void start() throws IOException {
            server = server();
            dir = Files.createTempDirectory("parley-expansion");
        }

        @TearDown(Level.Trial)
        public void stop() {
            server.close();
            delete(dir);
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 2)
    @Measurement(iterations = 5)
    @Fork(1)
    public GameTree buildWithModel(Setting s) {
        return build(s.server, s.dir, 16, s.judge, 2, 3).tree();
    }

    static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One build outside JMH, for the figures JMH does not give: nodes, model requests, peak heap.
     * {@code java -cp bench/target/benchmarks.jar dev.parley.bench.ExpansionBench\$Run per-player 16 2 3}
     */
    public static final class Run {
        private Run() {
        }

        public static void main(String[] args) throws IOException {
            String judge = args.length > 0 ? args[0] : "per-player";
            int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 16;
            int scenarios = args.length > 2 ? Integer.parseInt(args[2]) : 2;
            int messages = args.length > 3 ? Integer.parseInt(args[3]) : 3;
            Path dir = Files.createTempDirectory("parley-expansion");
            try (FakeOpenAiServer server = server()) {
                Built b = build(server, dir, concurrency, judge, scenarios, messages);
                System.out.printf("judge=%s concurrency=%d scenarios=%d messages=%d nodes=%d terminals=%d"
                        + " requests=%d seconds=%.2f nodes_per_s=%.0f peak_heap_mb=%.0f%n", judge, concurrency,
                        scenarios, messages, b.tree().numNodes(), b.tree().numTerminalNodes(), b.requests(),
                        b.seconds(), b.tree().numNodes() / b.seconds(), b.peakHeapBytes() / 1e6);
            } finally {
                delete(dir);
            }
        }
    }
}
