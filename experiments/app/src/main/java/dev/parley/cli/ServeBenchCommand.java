package dev.parley.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.server.DialogueServer;
import dev.parley.server.DialogueService;
import dev.parley.server.store.DialogueStore;
import dev.parley.server.ProtocolLimits;
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
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code parley serve-bench}: a bounded load test of the dialogue server over loopback. In-process servers on a fresh
 * SQLite file (or on {@code --db}, e.g. a PostgreSQL URL, with {@code --servers} servers sharing it); {@code
 * --dialogues} clients, one per dialogue, all at once, each making {@code --moves} moves of the two-player {@code
 * Chat} protocol (uploaded with PUT /protocol), alternating between the servers; every move's latency is measured
 * from request to response. {@code --long N} instead plays one dialogue of N moves of {@code --text-bytes} each and
 * compares the median move near move 100 with the median near move N, and the bytes written per move in both
 * windows. It stops by itself: every loop is bounded and the whole run has a deadline.
 */
@Command(name = "serve-bench", mixinStandardHelpOptions = true,
        description = "Load-test the dialogue server over loopback: N concurrent dialogues x M moves, or one long "
                + "dialogue (--long); report moves/s, latency percentiles and bytes written per move.")
final class ServeBenchCommand implements Callable<Integer> {

    @Option(names = "--dialogues", defaultValue = "200", paramLabel = "N",
            description = "Concurrent dialogues, one client each (default: ${DEFAULT-VALUE}).")
    int dialogues;

    @Option(names = "--moves", defaultValue = "20", paramLabel = "M",
            description = "Moves per dialogue (default: ${DEFAULT-VALUE}).")
    int moves;

    @Option(names = "--long", paramLabel = "N",
            description = "Long-dialogue mode: one dialogue of N moves (at least 400), one client.")
    Integer longMoves;

    @Option(names = "--text-bytes", defaultValue = "1000", paramLabel = "B",
            description = "Content per move in --long mode (default: ${DEFAULT-VALUE}).")
    int textBytes;

    @Mixin
    ServerThreadsOption requestThreads = new ServerThreadsOption();

    @Option(names = "--db", paramLabel = "FILE|JDBC-URL",
            description = "Store to run on (default: a fresh SQLite file). It must be empty or a Parley store.")
    String db;

    @Option(names = "--servers", defaultValue = "1", paramLabel = "N",
            description = "Servers on the one store, clients alternating between them (more than 1 needs a "
                    + "PostgreSQL --db; default: ${DEFAULT-VALUE}).")
    int servers;

    @Option(names = "--db-pool", defaultValue = "8", paramLabel = "N",
            description = "Database connections per server for a JDBC --db (default: ${DEFAULT-VALUE}, as parley "
                    + "serve).")
    int dbPool;

    @Option(names = "--deadline", defaultValue = "120", paramLabel = "SECONDS",
            description = "Abort the run after this long (default: ${DEFAULT-VALUE}).")
    int deadlineSeconds;

    @Mixin
    JsonOption json;

    private record Run(long[] latenciesNanos, int errors, String firstError) {
    }

    @Override
    public Integer call() throws Exception {
        Bounds.between(dialogues, 1, 10_000, "--dialogues");
        Bounds.between(moves, 1, 10_000, "--moves");
        Bounds.atLeast(requestThreads.threads, 1, "--threads");
        Bounds.atLeast(deadlineSeconds, 1, "--deadline");
        if (longMoves != null) {
            Bounds.between(longMoves, 400, 100_000, "--long");
            Bounds.between(textBytes, 1, 60_000, "--text-bytes");
        }
        Bounds.between(servers, 1, 8, "--servers");
        if (servers > 1 && (db == null || !db.startsWith("jdbc:") || db.startsWith("jdbc:sqlite:"))) {
            throw new UserInputException("--servers above 1 needs a shared database (--db jdbc:postgresql://...)");
        }
        Path dir = Files.createTempDirectory("parley-serve-bench");
        String location = db != null ? db : dir.resolve("bench.db").toString();
        List<DialogueService> services = new ArrayList<>();
        List<DialogueServer> started = new ArrayList<>();
        try {
            for (int i = 0; i < servers; i++) {
                DialogueStore store = DialogueStore.open(location,
                        new DialogueStore.Options(Math.max(1, dbPool), true));
                DialogueService service = new DialogueService(new ProtocolRegistry(), store,
                        ExternalConditionResolver.offlineDefault(), new DialogueService.Settings(dialogues + 10_000,
                        100, ProtocolLimits.DEFAULT, 60_000));
                services.add(service);
                started.add(DialogueServer.start(service, new DialogueServer.Config("127.0.0.1", 0,
                        Math.max(1 << 16, textBytes * 4), requestThreads.threads)));
            }
            kind = services.get(0).health().database();
            List<URI> bases = started.stream().map(DialogueServer::uri).toList();
            PrintWriter out = json.out();
            if (longMoves != null) {
                return longRun(out, bases.get(0), location) ? 0 : Parley.EXIT_INTERNAL;
            }
            return report(out, run(bases)) ? 0 : Parley.EXIT_INTERNAL;
        } finally {
            started.forEach(DialogueServer::close);
            services.forEach(DialogueService::close);
            for (String f : List.of("bench.db", "bench.db-wal", "bench.db-shm", "bench.db.lock")) {
                Files.deleteIfExists(dir.resolve(f));
            }
            Files.deleteIfExists(dir);
        }
    }

    private ObjectNode result;
    private String kind;

    private static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    /** Uploads Chat (201, or 409 when a shared database has it already) and returns its name. */
    private static String chat(HttpClient http, URI base) throws IOException {
        String chat;
        try (InputStream in = ServeBenchCommand.class.getResourceAsStream("/server/chat.dgdl")) {
            chat = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/protocol"))
                    .timeout(Duration.ofSeconds(30)).PUT(HttpRequest.BodyPublishers.ofString(chat)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 201 && r.statusCode() != 409) {
                throw new IllegalStateException("HTTP " + r.statusCode() + ": " + r.body());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return "Chat";
    }

    private String[] open(HttpClient http, URI base, String protocol) {
        String id = send(http, get(base, "/dialogue/new/" + protocol), 200).get("dialogueID").asText();
        String ann = send(http, get(base, "/dialogue/" + id + "/join/Ann"), 200).get("participantID").asText();
        String ben = send(http, get(base, "/dialogue/" + id + "/join/Ben"), 200).get("participantID").asText();
        return new String[] {id, ann, ben};
    }

    private Run run(List<URI> bases) throws Exception {
        HttpClient http = client();
        String protocol = chat(http, bases.get(0));
        long setupStart = System.nanoTime();
        ExecutorService clients = Executors.newFixedThreadPool(dialogues);
        List<String[]> seats = new ArrayList<>();
        try {
            List<Future<String[]>> made = new ArrayList<>();
            for (int i = 0; i < dialogues; i++) {
                URI base = bases.get(i % bases.size());
                made.add(clients.submit(() -> open(http, base, protocol)));
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
                        URI base = bases.get((d + k) % bases.size());
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
            // every dialogue must hold exactly its moves, on every server
            int wrong = 0;
            for (String[] s : seats) {
                for (URI base : bases) {
                    if (send(http, get(base, "/dialogue/" + s[0] + "/transcript"), 200).get("transcript").size()
                            != moves) {
                        wrong++;
                        break;
                    }
                }
            }
            result = Json.MAPPER.createObjectNode().put("database", kind).put("servers", bases.size())
                    .put("dialogues", dialogues).put("moves_per_dialogue", moves)
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

    /**
     * One dialogue of {@code --long} moves; bytes written as {@link BytesWritten} counts them.
     */
    private boolean longRun(PrintWriter out, URI base, String location) throws Exception {
        int n = longMoves;
        HttpClient http = client();
        String[] s = open(http, base, chat(http, base));
        // random letters, so that neither store can compress the content away (PostgreSQL compresses long values)
        java.util.Random random = new java.util.Random(1);
        long[] lat = new long[n];
        long[] written = new long[n + 1];
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(deadlineSeconds);
        int errors = 0;
        String firstError = null;
        try (BytesWritten bytes = BytesWritten.of(location)) {
            for (int k = 0; k < n; k++) {
                if (System.nanoTime() > deadline) {
                    throw new UserInputException("--long " + n + " did not finish within --deadline "
                            + deadlineSeconds + " s (at move " + k + ")");
                }
                written[k] = bytes.now();
                String body = "{\"speaker\": \"" + s[1 + k % 2] + "\", \"reply\": {\"p\": \"m" + k + " "
                        + letters(random, textBytes) + "\"}}";
                long t0 = System.nanoTime();
                try {
                    send(http, HttpRequest.newBuilder(base.resolve("/dialogue/" + s[0] + "/interaction/Say"))
                            .POST(HttpRequest.BodyPublishers.ofString(body)), 200);
                } catch (RuntimeException e) {
                    if (errors++ == 0) {
                        firstError = e.getMessage();
                    }
                }
                lat[k] = System.nanoTime() - t0;
            }
            written[n] = bytes.now();
        }
        int w = 100;
        int earlyFrom = 50;
        int lateFrom = n - w;
        double earlyP50 = median(lat, earlyFrom, earlyFrom + w);
        double lateP50 = median(lat, lateFrom, n);
        double earlyBytes = (written[earlyFrom + w] - written[earlyFrom]) / (double) w;
        double lateBytes = (written[n] - written[lateFrom]) / (double) w;
        int transcript = send(http, get(base, "/dialogue/" + s[0] + "/transcript"), 200).get("transcript").size();
        result = Json.MAPPER.createObjectNode().put("database", kind).put("moves", n).put("text_bytes", textBytes)
                .put("p50_ms_near_move_100", earlyP50).put("p50_ms_near_move_" + n, lateP50)
                .put("bytes_written_per_move_near_move_100", earlyBytes)
                .put("bytes_written_per_move_near_move_" + n, lateBytes).put("errors", errors)
                .put("transcript_moves", transcript);
        if (firstError != null) {
            result.put("first_error", firstError);
        }
        if (json.on()) {
            out.println(Json.write(result));
        } else {
            out.println(String.format(Locale.ROOT, "one dialogue of %d moves x %d bytes over loopback (%s): median "
                            + "move %.1f ms at moves %d-%d, %.1f ms at moves %d-%d; bytes written per move %.0f and "
                            + "%.0f; %d errors; transcript %d moves", n, textBytes, kind, earlyP50, earlyFrom,
                    earlyFrom + w - 1, lateP50, lateFrom, n - 1, earlyBytes, lateBytes, errors, transcript));
        }
        out.flush();
        return errors == 0 && transcript == n;
    }

    private static String letters(java.util.Random random, int n) {
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = (char) ('a' + random.nextInt(26));
        }
        return new String(c);
    }

    private static double median(long[] values, int from, int to) {
        long[] part = Arrays.copyOfRange(values, from, to);
        Arrays.sort(part);
        return percentile(part, 0.5);
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
        if (json.on()) {
            out.println(Json.write(result));
        } else {
            out.println(String.format(Locale.ROOT, "%d dialogues x %d moves over loopback (%s, %d server(s), %d threads):"
                            + " %d moves in %.2f s = %.0f moves/s; latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; "
                            + "%d errors, %d dialogues with a wrong transcript (setup %.2f s)",
                    dialogues, moves, kind, result.get("servers").asInt(), requestThreads.threads, dialogues * moves,
                    result.get("seconds").asDouble(),
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
