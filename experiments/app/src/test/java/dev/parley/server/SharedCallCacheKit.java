package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.experiment.LoopbackTrader;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conformance kit of a call cache shared between processes: separate JVMs running the same experiment against
 * one loopback model pay for each distinct request once in total, two caches on one database in one JVM do too, and a
 * process that dies holding a claim does not block the others. Each store that claims across processes (a real
 * PostgreSQL, a SQLite file) runs it.
 */
abstract class SharedCallCacheKit {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A fresh, empty database of the store under test, as the JDBC URL {@code --cache} takes. */
    protected abstract String newDatabase(String name, Path dir);

    private static String[] with(List<String> args, String last) {
        List<String> all = new ArrayList<>(args);
        all.add(last);
        return all.toArray(String[]::new);
    }

    private static Process parley(Path log, String key, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx512m", "-cp", cp, "dev.parley.cli.Parley"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(log.toFile());
        pb.environment().put("PARLEY_TEST_KEY", key);
        return pb.start();
    }

    private static CompletableFuture<String> stdout(Process p) {
        return CompletableFuture.supplyAsync(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                StringBuilder sb = new StringBuilder();
                String line;
                while ((line = r.readLine()) != null) {
                    sb.append(line).append('\n');
                }
                return sb.toString();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Tag("process")
    @Test
    void twoProcessesRunningTheSameExperimentPayForEachDistinctRequestOnce(@TempDir Path dir) throws Exception {
        String db = newDatabase("shared_calls", dir);
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            // until b's first request has arrived, a's requests after its tenth take a second each, so the two builds
            // overlap however slowly b's JVM starts on a loaded machine (50 ms alone let a finish first under load)
            server.latency(Duration.ofMillis(50)).holdUntilSeen("process-a", 10, "process-b", Duration.ofSeconds(1))
                    .fallback(LoopbackTrader::withFixedJudge);
            List<String> args = List.of("experiment", "--domain", "fruit-trading", "--llm", "openai", "--base-url",
                    server.baseUrl(), "--model", "trader", "--api-key-env", "PARLEY_TEST_KEY", "--cache", db,
                    "--max-replies", "3", "--scenarios", "4", "--judge", "llm", "--iterations", "50", "--json",
                    "--llm-concurrency");
            // a runs one call at a time and starts first: it has paid for some calls when b starts; b, four times
            // as wide, then overtakes a on some branches, so each pays for part of the game (the proof that the two
            // ran at once and a shared answer was not merely found after the other had finished)
            Process a = parley(dir.resolve("a.log"), "process-a", with(args, "1"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (server.authorizations().stream().filter(w -> w.endsWith("process-a")).count() < 10
                    && a.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Process b = parley(dir.resolve("b.log"), "process-b", with(args, "4"));
            CompletableFuture<String> outA = stdout(a);
            CompletableFuture<String> outB = stdout(b);
            assertThat(a.waitFor(300, TimeUnit.SECONDS)).as("process a finished").isTrue();
            assertThat(b.waitFor(300, TimeUnit.SECONDS)).as("process b finished").isTrue();
            assertThat(a.exitValue()).as(Files.readString(dir.resolve("a.log"))).isZero();
            assertThat(b.exitValue()).as(Files.readString(dir.resolve("b.log"))).isZero();

            List<JsonNode> requests = server.requests();
            List<String> who = server.authorizations();
            Set<String> distinct = new HashSet<>();
            for (JsonNode r : requests) {
                distinct.add(r.toString());
            }
            // every distinct request reached the model once, whichever process sent it
            assertThat(requests.size()).isGreaterThan(150);
            assertThat(distinct.size()).as("distinct of all requests").isEqualTo(requests.size());
            // and the two really ran at the same time: each paid for part of the game
            long byA = who.stream().filter(w -> w.endsWith("process-a")).count();
            long byB = who.stream().filter(w -> w.endsWith("process-b")).count();
            assertThat(byA + byB).isEqualTo(requests.size());
            System.out.printf("shared cache: %d requests, %d by a, %d by b%n", requests.size(), byA, byB);
            assertThat(byA).as("requests paid by a (b paid " + byB + ")").isPositive();
            assertThat(byB).as("requests paid by b (a paid " + byA + ")").isPositive();

            JsonNode ra = JSON.readTree(outA.get(30, TimeUnit.SECONDS)).get(0);
            JsonNode rb = JSON.readTree(outB.get(30, TimeUnit.SECONDS)).get(0);
            // the same game and the same answers: the same figures
            for (String f : List.of("nodes", "infosets", "nash_conv")) {
                assertThat(ra.has(f)).as(f + " in " + ra).isTrue();
                assertThat(rb.path(f)).as(f).isEqualTo(ra.path(f));
            }
        }
    }

    @Test
    void requestsFromTwoCachesOnOneDatabaseReachTheModelOnceEach(@TempDir Path dir) throws Exception {
        String db = newDatabase("two_connections", dir);
        try (FakeOpenAiServer server = FakeOpenAiServer.start();
             CallCache first = CallCache.open(db);
             CallCache second = CallCache.open(db)) {
            server.latency(Duration.ofMillis(10)).fallback(FakeOpenAiServer.numberedResponses("answer"));
            // two connections are two sessions (to PostgreSQL, two processes); two claims files in one JVM share
            // its locks
            CachedChat one = chat(server, first, new CallAccounting());
            CachedChat two = chat(server, second, new CallAccounting());
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<String>> answers = new ArrayList<>();
                for (int round = 0; round < 4; round++) {
                    for (int i = 0; i < 40; i++) {
                        CachedChat c = (i + round) % 2 == 0 ? one : two;
                        ChatCall call = call("question " + i);
                        answers.add(pool.submit(() -> c.complete(call).text()));
                    }
                }
                Map<String, Set<String>> byQuestion = new HashMap<>();
                for (int k = 0; k < answers.size(); k++) {
                    byQuestion.computeIfAbsent("question " + (k % 40), q -> new HashSet<>())
                            .add(answers.get(k).get(60, TimeUnit.SECONDS));
                }
                assertThat(server.requestCount()).isEqualTo(40);
                // everyone got the one answer that was paid for
                assertThat(byQuestion.values()).allSatisfy(s -> assertThat(s).hasSize(1));
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Tag("process")
    @Test
    void aProcessKilledWhileHoldingAClaimDoesNotBlockTheOthers(@TempDir Path dir) throws Exception {
        String db = newDatabase("crashed_claim", dir);
        ChatCall call = call("what is the payoff?");
        try (FakeOpenAiServer server = FakeOpenAiServer.start();
             CallCache cache = CallCache.open(db)) {
            server.fallback(FakeOpenAiServer.numberedResponses("answer"));
            CachedChat chat = chat(server, cache, new CallAccounting());
            String key = chat.signature(call).key();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            Process holder = new ProcessBuilder(java, "-cp", cp, ClaimHolder.class.getName(), db, key)
                    .redirectError(dir.resolve("holder.log").toFile()).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                        StandardCharsets.UTF_8));
                assertThat(CompletableFuture.supplyAsync(() -> {
                    try {
                        return out.readLine();
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }).get(60, TimeUnit.SECONDS)).as(Files.readString(dir.resolve("holder.log"))).isEqualTo("claimed");
                assertThat(cache.tryClaim(key)).as("the other process holds the claim").isFalse();
                CompletableFuture<String> waiting = CompletableFuture.supplyAsync(() -> chat.complete(call).text());
                Thread.sleep(500);
                assertThat(waiting).as("waits while the holder lives").isNotDone();
                assertThat(server.requestCount()).isZero();
                holder.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // SIGKILL: nothing is released by hand
                assertThat(waiting.get(60, TimeUnit.SECONDS)).isEqualTo("{\"response\":\"answer 1\"}");
                assertThat(server.requestCount()).isEqualTo(1);
                assertThat(cache.get(key)).hasValueSatisfying(a -> assertThat(a.text()).contains("answer 1"));
            } finally {
                holder.destroyForcibly();
            }
        }
    }

    private static CachedChat chat(FakeOpenAiServer server, CallCache cache, CallAccounting accounting) {
        LlmConfig config = LlmConfig.openAi(server.baseUrl(), "m").withSampling(0.0, null, 32)
                .withTimeout(Duration.ofSeconds(30)).withRetries(0, Duration.ofMillis(10));
        return new CachedChat(ChatProvider.backend(config, Map.of()), cache, CacheMode.READ_WRITE, accounting);
    }

    private static ChatCall call(String question) {
        return new ChatCall(List.of(ChatMessage.user(question)), 7L, Optional.empty());
    }

    /** A second process that claims a key in the cache, says so, and holds it until killed. */
    public static final class ClaimHolder {
        private ClaimHolder() {
        }

        public static void main(String[] args) throws InterruptedException {
            CallCache cache = CallCache.open(args[0]);
            if (!cache.tryClaim(args[1])) {
                System.out.println("not claimed");
                return;
            }
            System.out.println("claimed");
            System.out.flush();
            Thread.sleep(600_000);
        }
    }
}
