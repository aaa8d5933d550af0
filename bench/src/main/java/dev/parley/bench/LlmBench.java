package dev.parley.bench;

import dev.parley.llm.BoundedExecutor;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.Generation;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmUtteranceGenerator;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.testing.FakeOpenAiServer;
import dev.parley.preface.Dcrs;
import dev.parley.preface.DcrsReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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
 * The language-model path: 1,000 PrEFACE generation calls through the real LangChain4j OpenAI adapter against a
 * loopback server with 20 ms simulated latency, at concurrency 1 and 16 (target: 16 at least 10x faster); and the
 * cost of a call-cache hit (target: under 100 microseconds), both for the bare cached chat call and for a whole
 * generation served from the cache (prompt building, hashing, SQLite read, parsing, verification).
 *
 * <pre>java -jar bench/target/benchmarks.jar LlmBench</pre>
 */
public class LlmBench {

    static final int CALLS = 1_000;
    static final Duration LATENCY = Duration.ofMillis(20);

    static final String DCRS = """
            {"metadata": {"name": "dcrs", "version": "1.1"},
             "history": {"utterances": [{"index": -1, "speaker": "Alice", "move_name": "assert",
                                         "content": "We should take climate change seriously"}]},
             "topic": {"description": "Climate change is something to be taken seriously", "stance": "support"},
             "response": {"move_name": "argue", "scaffold": "$p because $q", "instruction": "logos"},
             "knowledge": {"type": "facts", "content": [
               "Global average temperatures have risen by about 1.1 degrees Celsius since pre-industrial times",
               "Sea levels are rising and threaten coastal cities",
               "Extreme weather events are becoming more frequent"]}}""";

    static LlmConfig config(FakeOpenAiServer server) {
        return LlmConfig.openAi(server.baseUrl(), "bench-model").withSampling(0.7, null, 64)
                .withTimeout(Duration.ofSeconds(30)).withRetries(0, Duration.ofMillis(10));
    }

    /** Generation over loopback, cache off: every call pays the simulated latency. */
    @State(Scope.Benchmark)
    public static class Loopback {
        @Param({"1", "16"})
        int concurrency;

        FakeOpenAiServer server;
        LlmUtteranceGenerator generator;
        BoundedExecutor executor;
        Dcrs dcrs;
        List<Integer> seeds;

        @Setup(Level.Trial)
        public void start() {
            server = FakeOpenAiServer.start().latency(LATENCY)
                    .fallback(FakeOpenAiServer.numberedResponses("the measured warming"));
            ChatBackend chat = new CachedChat(ChatProvider.backend(config(server), Map.of()), null, CacheMode.OFF,
                    new CallAccounting());
            generator = new LlmUtteranceGenerator(chat);
            executor = new BoundedExecutor(concurrency);
            dcrs = DcrsReader.parse(DCRS, "bench");
            seeds = IntStream.range(0, CALLS).boxed().toList();
        }

        @TearDown(Level.Trial)
        public void stop() {
            executor.close();
            server.close();
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 2) // the client and server code paths take a few hundred calls to be compiled
    @Measurement(iterations = 3)
    @Fork(1)
    public List<Generation> thousandGenerations(Loopback s) {
        return s.executor.map(s.seeds, seed -> s.generator.generate(s.dcrs, seed));
    }

    /** A SQLite cache holding the answer; the backend behind it fails if it is ever reached. */
    @State(Scope.Benchmark)
    public static class Hit {
        Path dir;
        CallCache cache;
        CachedChat chat;
        ChatCall call;
        LlmUtteranceGenerator generator;
        Dcrs dcrs;

        @Setup(Level.Trial)
        public void fill() throws IOException {
            dir = Files.createTempDirectory("parley-bench");
            cache = CallCache.openFile(dir.resolve("calls.sqlite"));
            dcrs = DcrsReader.parse(DCRS, "bench");
            try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
                server.fallback(FakeOpenAiServer.numberedResponses("the measured warming"));
                CachedChat warm = new CachedChat(ChatProvider.backend(config(server), Map.of()), cache,
                        CacheMode.READ_WRITE, new CallAccounting());
                new LlmUtteranceGenerator(warm).generate(dcrs, 7); // pays once, stores the answer
            }
            ChatBackend unreachable = new ChatBackend() {
                @Override
                public ChatAnswer complete(ChatCall c) {
                    throw new IllegalStateException("a cache hit must not reach the model");
                }

                @Override
                public String provider() {
                    return LlmConfig.OPENAI;
                }

                @Override
                public String model() {
                    return "bench-model";
                }

                @Override
                public Map<String, Object> parameters() {
                    return Map.of("temperature", 0.7, "max_tokens", 64);
                }
            };
            chat = new CachedChat(unreachable, cache, CacheMode.REPLAY, new CallAccounting());
            generator = new LlmUtteranceGenerator(chat);
            call = new ChatCall(LlmUtteranceGenerator.firstMessages(
                    dev.parley.preface.PromptBuilder.build(dcrs, dev.parley.preface.AnswerFormat.JSON_SCHEMA)), 7L,
                    Optional.of(LlmUtteranceGenerator.RESPONSE_SCHEMA));
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            cache.close();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 2, time = 1)
    @Measurement(iterations = 3, time = 1)
    @Fork(1)
    public ChatAnswer cacheHitCall(Hit s) {
        return s.chat.complete(s.call);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 2, time = 1)
    @Measurement(iterations = 3, time = 1)
    @Fork(1)
    public Generation cacheHitGeneration(Hit s) {
        return s.generator.generate(s.dcrs, 7);
    }
}
