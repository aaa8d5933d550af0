package dev.parley.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.server.DialogueServer;
import dev.parley.server.DialogueService;
import dev.parley.server.DialogueStore;
import dev.parley.server.ProtocolRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley serve-bench}: a bounded load test of the dialogue server over loopback. An in-process server on a
 * fresh SQLite file; {@code --dialogues} clients, one per dialogue, all at once, each making {@code --moves} moves
 * of the two-player {@code Chat} protocol (uploaded with PUT /protocol); every move's latency is measured from
 * request to response. It stops by itself: every loop is bounded and the whole run has a deadline.
 */
@Command(name = "serve-bench", mixinStandardHelpOptions = true,
        description = "Load-test the dialogue server over loopback: N concurrent dialogues x M moves; report moves/s "
                + "and latency percentiles.")
final class ServeBenchCommand implements Callable<Integer> {

    @Option(names = "--dialogues", defaultValue = "200", paramLabel = "N",
            description = "Concurrent dialogues, one client each (default: ${DEFAULT-VALUE}).")
    int dialogues;

    @Option(names = "--moves", defaultValue = "20", paramLabel = "M",
            description = "Moves per dialogue (default: ${DEFAULT-VALUE}).")
    int moves;

    @Option(names = "--threads", defaultValue = "16", paramLabel = "N",
            description = "Server request threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--deadline", defaultValue = "120", paramLabel = "SECONDS",
            description = "Abort the run after this long (default: ${DEFAULT-VALUE}).")
    int deadlineSeconds;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Spec
    CommandSpec spec;

    private record Run(long[] latenciesNanos, int errors, String firstError) {
    }

    @Override
    public Integer call() throws Exception {
        if (dialogues < 1 || dialogues > 10_000 || moves < 1 || moves > 10_000 || threads < 1
                || deadlineSeconds < 1) {
            throw new UserInputException("--dialogues and --moves must be between 1 and 10000; --threads and "
                    + "--deadline positive");
        }
        Path dir = Files.createTempDirectory("parley-serve-bench");
        try (DialogueService service = new DialogueService(new ProtocolRegistry(),
                DialogueStore.open(dir.resolve("bench.db").toString(), 1), ExternalConditionResolver.offlineDefault(),
                dialogues + 10);
             DialogueServer server = DialogueServer.start(service,
                     new DialogueServer.Config("127.0.0.1", 0, 1 << 16, threads))) {
            return report(spec.commandLine().getOut(), run(server.uri())) ? 0 : Parley.EXIT_INTERNAL;
        } finally {
            for (String f : List.of("bench.db", "bench.db-wal", "bench.db-shm", "bench.db.lock")) {
                Files.deleteIfExists(dir.resolve(f));
            }
            Files.deleteIfExists(dir);
        }
    }

    private ObjectNode result;

    private Run run(URI base) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        String chat;
        try (InputStream in = ServeBenchCommand.class.getResourceAsStream("/server/chat.dgdl")) {
            chat = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JsonNode put = send(http, HttpRequest.newBuilder(base.resolve("/protocol"))
                .PUT(HttpRequest.BodyPublishers.ofString(chat)), 201);
        String protocol = put.get("protocol").asText();

        long setupStart = System.nanoTime();
        ExecutorService clients = Executors.newFixedThreadPool(dialogues);
        List<String[]> seats = new ArrayList<>();
        try {
            List<Future<String[]>> made = new ArrayList<>();
            for (int i = 0; i < dialogues; i++) {
                made.add(clients.submit(() -> {
                    String id = send(http, get(base, "/dialogue/new/" + protocol), 200).get("dialogueID").asText();
                    String ann = send(http, get(base, "/dialogue/" + id + "/join/Ann"), 200).get("participantID")
                            .asText();
                    String ben = send(http, get(base, "/dialogue/" + id + "/join/Ben"), 200).get("participantID")
                            .asText();
                    return new String[] {id, ann, ben};
                }));
            }
            for (Future<String[]> f : made) {
                try {
                    seats.add(f.get(deadlineSeconds, TimeUnit.SECONDS));
                } catch (java.util.concurrent.TimeoutException e) {
                    throw pastDeadline("setting up " + dialogues + " dialogues", seats.size() + " set up");
                }
            }
            double setup = (System.nanoTime() - setupStart) / 1e9;

            long[] latencies = new long[dialogues * moves];
            AtomicInteger errors = new AtomicInteger();
            String[] firstError = new String[1];
            CountDownLatch gate = new CountDownLatch(1);
            List<Future<?>> runs = new ArrayList<>();
            for (int i = 0; i < dialogues; i++) {
                int d = i;
                runs.add(clients.submit(() -> {
                    gate.await();
                    String[] s = seats.get(d);
                    for (int k = 0; k < moves; k++) {
                        String body = "{\"speaker\": \"" + s[1 + k % 2] + "\", \"reply\": {\"p\": \"dialogue " + d
                                + " move " + k + "\"}}";
                        long t0 = System.nanoTime();
                        try {
                            send(http, HttpRequest.newBuilder(base.resolve("/dialogue/" + s[0] + "/interaction/Say"))
                                    .POST(HttpRequest.BodyPublishers.ofString(body)), 200);
                        } catch (RuntimeException e) {
                            if (errors.getAndIncrement() == 0) {
                                firstError[0] = e.getMessage();
                            }
                        }
                        latencies[d * moves + k] = System.nanoTime() - t0;
                    }
                    return null;
                }));
            }
            long start = System.nanoTime();
            gate.countDown();
            long deadline = start + TimeUnit.SECONDS.toNanos(deadlineSeconds);
            for (Future<?> f : runs) {
                try {
                    f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    long done = runs.stream().filter(Future::isDone).count();
                    throw pastDeadline(dialogues + " dialogues x " + moves + " moves", done + " of "
                            + dialogues + " dialogues finished");
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            // every dialogue must hold exactly its moves
            int wrong = 0;
            for (String[] s : seats) {
                if (send(http, get(base, "/dialogue/" + s[0] + "/transcript"), 200).get("transcript").size()
                        != moves) {
                    wrong++;
                }
            }
            result = Json.MAPPER.createObjectNode().put("dialogues", dialogues).put("moves_per_dialogue", moves)
                    .put("moves", dialogues * moves).put("errors", errors.get())
                    .put("dialogues_with_wrong_transcript", wrong).put("setup_seconds", setup)
                    .put("seconds", seconds).put("moves_per_second", dialogues * moves / seconds);
            return new Run(latencies, errors.get(), firstError[0]);
        } finally {
            clients.shutdownNow();
        }
    }

    /** The documented deadline, reached: one line saying so (the clients are stopped by the caller). */
    private UserInputException pastDeadline(String what, String progress) {
        return new UserInputException("serve-bench: " + what + " did not finish within --deadline " + deadlineSeconds
                + " s (" + progress + "); raise --deadline or lower --dialogues or --moves");
    }

    private static HttpRequest.Builder get(URI base, String path) {
        return HttpRequest.newBuilder(base.resolve(path)).GET();
    }

    private static JsonNode send(HttpClient http, HttpRequest.Builder request, int expected) {
        try {
            HttpResponse<String> r = http.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != expected) {
                throw new IllegalStateException("HTTP " + r.statusCode() + ": " + r.body());
            }
            return Json.MAPPER.readTree(r.body());
        } catch (IOException e) {
            throw new IllegalStateException(e.toString(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Prints the figures; false when any move failed or a transcript came out wrong. */
    private boolean report(PrintWriter out, Run run) {
        long[] sorted = run.latenciesNanos().clone();
        Arrays.sort(sorted);
        result.put("p50_ms", percentile(sorted, 0.50)).put("p99_ms", percentile(sorted, 0.99))
                .put("max_ms", sorted[sorted.length - 1] / 1e6);
        if (run.firstError() != null) {
            result.put("first_error", run.firstError());
        }
        if (json) {
            out.println(Json.write(result));
        } else {
            out.println(String.format(Locale.ROOT, "%d dialogues x %d moves over loopback (SQLite, %d server threads):"
                            + " %d moves in %.2f s = %.0f moves/s; latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; "
                            + "%d errors, %d dialogues with a wrong transcript (setup %.2f s)",
                    dialogues, moves, threads, dialogues * moves, result.get("seconds").asDouble(),
                    result.get("moves_per_second").asDouble(), result.get("p50_ms").asDouble(),
                    result.get("p99_ms").asDouble(), result.get("max_ms").asDouble(), run.errors(),
                    result.get("dialogues_with_wrong_transcript").asInt(), result.get("setup_seconds").asDouble()));
            if (run.firstError() != null) {
                out.println("first error: " + run.firstError());
            }
        }
        out.flush();
        return run.errors() == 0 && result.get("dialogues_with_wrong_transcript").asInt() == 0;
    }

    /** Nearest-rank percentile, in milliseconds. */
    static double percentile(long[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e6;
    }
}
