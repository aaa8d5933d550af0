package dev.parley.llm.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A real HTTP server on the loopback interface that speaks the OpenAI chat-completions protocol
 * ({@code POST /v1/chat/completions}), scripted per test: queued replies are served in order, then a fallback
 * responder. Records every request body. Used by the core tests and by the benchmarks in {@code bench} (which depend
 * on the core test-jar, so that this test double never ships in the command-line jar).
 */
public final class FakeOpenAiServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        // The JDK server writes headers and body separately; with Nagle's algorithm on its socket and delayed ACKs
        // on the client, every answer would stall ~40 ms, which is not what a model server does. The property is
        // read once, when the JDK's server configuration class loads, so it is set before the first server starts.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** One scripted reply. */
    public sealed interface Reply {
        /** 200 with an assistant message whose content is {@code content}. */
        record Content(String content) implements Reply {
        }

        /** An HTTP error status with an OpenAI-style error body. */
        record Status(int code, String message) implements Reply {
        }

        /** Never answers (until the server closes): for timeouts. */
        record Hang() implements Reply {
        }

        /** Closes the connection without an answer: the client sees a transport error. */
        record Drop() implements Reply {
        }

        /** A status and a body exactly as given (for malformed answers). */
        record Raw(int code, String body) implements Reply {
        }

        static Reply drop() {
            return new Drop();
        }

        static Reply raw(int code, String body) {
            return new Raw(code, body);
        }

        static Reply content(String content) {
            return new Content(content);
        }

        /** 200 with the structured PrEFACE answer {@code {"response": text}}. */
        static Reply response(String text) {
            ObjectNode o = JSON.createObjectNode().put("response", text);
            return new Content(o.toString());
        }

        static Reply status(int code, String message) {
            return new Status(code, message);
        }

        static Reply hang() {
            return new Hang();
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Queue<Reply> script = new ConcurrentLinkedQueue<>();
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final AtomicInteger count = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile Function<JsonNode, Reply> fallback =
            req -> Reply.status(500, "the test scripted no reply for this request");
    private volatile Duration latency = Duration.ZERO;
    private volatile Gate gate;

    /** Requests from {@code held} beyond its first {@code after} wait, each up to {@code most}, for {@code opener}. */
    private record Gate(String held, int after, String opener, Duration most, CountDownLatch opened) {
    }

    private FakeOpenAiServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-openai");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor); // one thread per request: concurrent clients are served concurrently
        server.createContext("/", this::handle);
        server.start();
    }

    public static FakeOpenAiServer start() {
        try {
            return new FakeOpenAiServer();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the loopback server", e);
        }
    }

    /** The base URL to give an OpenAI client, ending in /v1. */
    public String baseUrl() {
        return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + "/v1";
    }

    public FakeOpenAiServer enqueue(Reply... replies) {
        script.addAll(List.of(replies));
        return this;
    }

    /** What to answer once the queue is empty. */
    public FakeOpenAiServer fallback(Function<JsonNode, Reply> responder) {
        this.fallback = responder;
        return this;
    }

    /**
     * Slows the requests whose {@code Authorization} header ends with {@code held}, beyond its first {@code after}:
     * each waits up to {@code most} for a request whose header ends with {@code opener}, and none waits once one has
     * arrived. Two clients then overlap however slowly the second one starts, and neither can deadlock on the other
     * (a held request is only delayed, so a second client waiting on the first's answer still gets it).
     */
    public FakeOpenAiServer holdUntilSeen(String held, int after, String opener, Duration most) {
        this.gate = new Gate(held, after, opener, most, new CountDownLatch(1));
        return this;
    }

    /** Simulated model latency added before every answer. */
    public FakeOpenAiServer latency(Duration d) {
        this.latency = d;
        return this;
    }

    /** Every request body received, in arrival order. */
    public List<JsonNode> requests() {
        synchronized (requests) {
            return new ArrayList<>(requests);
        }
    }

    /** The Authorization header of every request (or ""), aligned with {@link #requests()}. */
    public List<String> authorizations() {
        synchronized (requests) {
            return new ArrayList<>(authorizations);
        }
    }

    public int requestCount() {
        return count.get();
    }

    /** The most requests that were being answered at one time. */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    /** Answers every request with {@code {"response": "<prefix> <n>"}}, n counting requests: always valid. */
    public static Function<JsonNode, Reply> numberedResponses(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return req -> Reply.response(prefix + " " + n.incrementAndGet());
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            JsonNode body = JSON.readTree(ex.getRequestBody());
            if (!"POST".equals(ex.getRequestMethod()) || !ex.getRequestURI().getPath().endsWith("/chat/completions")) {
                send(ex, 404, error("no route " + ex.getRequestMethod() + " " + ex.getRequestURI()));
                return;
            }
            synchronized (requests) { // the two lists stay aligned: request i came with authorization i
                requests.add(body);
                String auth = ex.getRequestHeaders().getFirst("Authorization");
                authorizations.add(auth == null ? "" : auth);
            }
            count.incrementAndGet();
            awaitGate(ex.getRequestHeaders().getFirst("Authorization"));
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                answer(ex, body);
            } finally {
                inFlight.decrementAndGet();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitGate(String auth) throws InterruptedException {
        Gate g = gate;
        if (g == null || auth == null) {
            return;
        }
        if (auth.endsWith(g.opener())) {
            g.opened().countDown();
        } else if (auth.endsWith(g.held())
                && authorizations.stream().filter(a -> a.endsWith(g.held())).count() > g.after()) {
            g.opened().await(g.most().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void answer(HttpExchange ex, JsonNode body) throws IOException, InterruptedException {
        Reply r = script.poll();
        if (r == null) {
            r = fallback.apply(body);
        }
        if (!latency.isZero()) {
            Thread.sleep(latency.toMillis());
        }
        if (r instanceof Reply.Hang) {
            closed.await(120, TimeUnit.SECONDS);
            return;
        }
        if (r instanceof Reply.Status s) {
            send(ex, s.code(), error(s.message()));
            return;
        }
        if (r instanceof Reply.Drop) {
            // No status line: closing the exchange now drops the connection mid-request.
            ex.getRequestBody().close();
            ex.getResponseBody().close();
            return;
        }
        if (r instanceof Reply.Raw raw) {
            send(ex, raw.code(), raw.body());
            return;
        }
        send(ex, 200, completion(body, ((Reply.Content) r).content()));
    }

    private static String completion(JsonNode request, String content) {
        int promptTokens = 0;
        for (JsonNode m : request.path("messages")) {
            promptTokens += words(m.path("content").asText());
        }
        int completionTokens = words(content);
        ObjectNode o = JSON.createObjectNode();
        o.put("id", "chatcmpl-fake").put("object", "chat.completion").put("created", 0)
                .put("model", request.path("model").asText("fake"));
        ObjectNode choice = o.putArray("choices").addObject();
        choice.put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", content);
        o.putObject("usage").put("prompt_tokens", promptTokens).put("completion_tokens", completionTokens)
                .put("total_tokens", promptTokens + completionTokens);
        return o.toString();
    }

    private static int words(String s) {
        return s.isBlank() ? 0 : s.strip().split("\\s+").length;
    }

    private static String error(String message) {
        ObjectNode o = JSON.createObjectNode();
        o.putObject("error").put("message", message).put("type", "server_error");
        return o.toString();
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
