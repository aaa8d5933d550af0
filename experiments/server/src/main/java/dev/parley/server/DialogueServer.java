package dev.parley.server;

import dev.parley.error.Setting;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dgdl.Diagnostic;
import dev.parley.server.store.StoreException;
import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.config.JettyConfig;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.EagerContentHandler;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DGEP-compatible HTTP API over a {@link DialogueService}, on Javalin 7 (Jetty 12): the routes on Javalin's
 * router ({@link Routes}), the one table from refusals to statuses ({@code errors}), and the checks below.
 *
 * <p>Slow and hostile clients: a request body is read by Jetty without a thread ({@link EagerContentHandler}, up to
 * the body limit) before the handler runs, so a client that stalls mid-upload holds a connection, not a thread, and
 * is dropped after the idle timeout; connections are capped ({@link NetworkConnectionLimit}); the thread pool and its
 * queue are bounded. On stop, Jetty stops accepting, answers new requests 503 and lets requests in flight finish
 * ({@link GracefulHandler}) for up to the stop timeout.
 *
 * <p>Every response is JSON. Errors are {@code {"error": "..."}} with 400 (malformed JSON, a Jackson limit broken,
 * invalid Unicode, bad fields, a DGDL error with line and column), 401/403 (operator token; a speaker token that is
 * not a participant's of this dialogue), 404 (unknown dialogue, protocol, participant or path), 405 (wrong method),
 * 409 (illegal move, with the engine's reason; seat taken; players missing), 413 (body or protocol over the limit),
 * 422 (a protocol over a limit, text too long, an idempotency key reused for another move), 503 (database down, a
 * quarantined dialogue, shutting down); anything unexpected is logged with a reference and answered 500 with that
 * reference only, never a stack trace. What Jetty refuses before Javalin sees it is answered in the same JSON by
 * {@link JettyErrors}.
 */
public final class DialogueServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DialogueServer.class);
    /** Jetty's own threads besides the request threads: an acceptor, a selector and some slack. */
    private static final int JETTY_THREADS = 4;
    /**
     * How long a new connection has to send its first request's headers (at most; the idle timeout if shorter): a
     * client trickling a byte now and then would otherwise hold it for as long as it likes.
     */
    static final long HEADER_DEADLINE_MILLIS = 10_000;
    /** Once no request is in flight, how long a stop leaves the idle keep-alive connections before cutting them. */
    private static final long IDLE_CUT_MILLIS = 100;

    /**
     * Where and how to listen.
     *
     * @param adminToken the operator token for {@code PUT /protocol} and {@code /dialogue/new}; null: those are open
     *                   to loopback clients only
     */
    public record Config(String host, int port, int maxBodyBytes, int threads, int maxConnections,
                         long idleTimeoutMillis, long stopTimeoutMillis, String adminToken, Exposure exposure,
                         int maxConnectionsPerAddress) {
        public Config {
            if (maxBodyBytes < 1 || threads < 1 || port < 0 || port > 65535 || maxConnections < 1
                    || idleTimeoutMillis < 1 || stopTimeoutMillis < 0 || maxConnectionsPerAddress < 1) {
                throw new IllegalArgumentException("bad server config " + port + "/" + maxBodyBytes + "/" + threads
                        + "/" + maxConnections + "/" + idleTimeoutMillis + "/" + maxConnectionsPerAddress);
            }
            if (exposure == null) {
                exposure = Exposure.LOCAL;
            }
        }

        /** The default of {@code maxConnectionsPerAddress}: a quarter of all, so one address never holds them all. */
        public static int defaultPerAddress(int maxConnections) {
            return Math.max(1, maxConnections / 4);
        }

        public Config(String host, int port, int maxBodyBytes, int threads, int maxConnections,
                      long idleTimeoutMillis, long stopTimeoutMillis, String adminToken, Exposure exposure) {
            this(host, port, maxBodyBytes, threads, maxConnections, idleTimeoutMillis, stopTimeoutMillis, adminToken,
                    exposure, defaultPerAddress(maxConnections));
        }

        public Config(String host, int port, int maxBodyBytes, int threads, int maxConnections,
                      long idleTimeoutMillis, long stopTimeoutMillis, String adminToken) {
            this(host, port, maxBodyBytes, threads, maxConnections, idleTimeoutMillis, stopTimeoutMillis, adminToken,
                    Exposure.LOCAL);
        }

        public Config(String host, int port, int maxBodyBytes, int threads) {
            this(host, port, maxBodyBytes, threads, 1024, 30_000, 10_000, null);
        }
    }

    private final DialogueService service;
    private final Config config;
    private final Javalin app;
    private final RequestBodies bodies;
    private final RequestGuard guard;
    private final GracefulHandler graceful = new GracefulHandler();
    /** Jetty's server and connector, kept when Javalin builds them, for the two-step stop in {@link #close()}. */
    private volatile Server jetty;
    private volatile ServerConnector connector;
    private final Extension extension;
    private final PerAddressLimit perAddress;
    private Map<String, List<String>> routeTable;

    /**
     * Routes beside the API (the web interface), added after the API's own routes so that it can never shadow one.
     * A refusal it throws is answered from the same error table as the API's.
     */
    public interface Extension {
        void routes(Routes routes);
    }

    private DialogueServer(DialogueService service, Config config, Extension extension) {
        this.service = service;
        this.config = config;
        this.extension = extension;
        this.bodies = new RequestBodies(config.maxBodyBytes(), config.idleTimeoutMillis());
        this.guard = new RequestGuard(config.exposure());
        this.perAddress = new PerAddressLimit(config.maxConnectionsPerAddress(),
                Math.min(HEADER_DEADLINE_MILLIS, config.idleTimeoutMillis()));
        this.app = Javalin.create(c -> {
            c.startup.showJavalinBanner = false;
            c.startup.showOldJavalinVersionWarning = false;
            c.http.compressionStrategy = CompressionStrategy.NONE;
            c.http.maxRequestSize = config.maxBodyBytes();
            jetty(c.jetty);
            c.router.ignoreTrailingSlashes = true;
            c.router.treatMultipleSlashesAsSingleSlash = true;
            c.router.javaLangErrorHandler(DialogueServer::internalError);
            routes(c.routes);
        });
    }

    /** Jetty's threads, limits, connector and handlers, each bounded by the configuration. */
    private void jetty(JettyConfig j) {
        // bounded threads; the queue is Jetty's unbounded default (Jetty warns against a bounded one) and is bounded
        // in effect by the connection limit, since an HTTP/1.1 connection has at most one request in flight
        QueuedThreadPool pool = new QueuedThreadPool(config.threads() + JETTY_THREADS,
                Math.min(4, config.threads() + JETTY_THREADS));
        pool.setName("parley-http");
        pool.setDaemon(true);
        j.threadPool = pool;
        j.modifyServer(server -> {
            server.setStopTimeout(config.stopTimeoutMillis());
            jetty = server;
            // Jetty's own refusals (431, 414, a bad request line, bad UTF-8 in the path) in the API's JSON
            server.setErrorHandler(new JettyErrors());
            // the body is retained up to the limit (plus framing) before the handler runs; beyond it the
            // handler runs and refuses the body with 413 itself
            server.setHandler(graceful);
            graceful.setHandler(new FailOnIdle(perAddress, new EagerContentHandler(
                    new EagerContentHandler.RetainedContentLoaderFactory(config.maxBodyBytes() + 16_384L, -1,
                            false))));
            server.addBean(new NetworkConnectionLimit(config.maxConnections(), server));
        });
        j.addConnector((server, http) -> {
            http.setSendServerVersion(false);
            http.setSendXPoweredBy(false);
            ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
            connector.setHost(config.host());
            connector.setPort(config.port());
            connector.setIdleTimeout(config.idleTimeoutMillis());
            // on stop Jetty cuts every connection idle for this long (1 s by default): an upload paused for a
            // second when SIGTERM comes would be cut with 408 though the grace period has time for it
            connector.setShutdownIdleTimeout(Math.min(config.idleTimeoutMillis(), config.stopTimeoutMillis()));
            connector.addBean(perAddress);
            this.connector = connector;
            return connector;
        });
    }

    /** A Java error in a handler: a 500 in the API's JSON with a reference to the logged incident. */
    private static void internalError(HttpServletResponse res, Error err) {
        String ref = Tokens.incident();
        LOG.error("internal error [{}]", ref, err);
        try {
            res.setStatus(500);
            res.setContentType("application/json; charset=utf-8");
            res.getOutputStream().write(DgepJson.MAPPER.writeValueAsBytes(
                    DgepJson.error("internal server error (reference " + ref + ")", Map.of())));
        } catch (IOException e) {
            LOG.debug("cannot answer an internal error", e);
        }
    }

    /**
     * The API's routes and the extension's, every other path and method refused in the API's shape, and the
     * exception table.
     */
    private void routes(RoutesConfig r) {
        r.before(this::before);
        Routes routes = new Routes();
        apiRoutes(routes);
        if (extension != null) {
            extension.routes(routes);
        }
        routes.register(r);
        boolean root = routes.paths.containsKey("/");
        for (HandlerType t : METHODS) {
            if (!root) {
                r.addHttpHandler(t, "/", DialogueServer::noEndpoint);
            }
            r.addHttpHandler(t, "/*", DialogueServer::noEndpoint);
        }
        errors(r);
        this.routeTable = routes.table();
        // a method Javalin has no handler type for here (TRACE, QUERY, PROPFIND, ...) never reaches the routes
        // above: Javalin answers it with its own text/plain 404, so it is answered here, in the API's shape
        Map<String, List<String>> table = this.routeTable;
        r.exception(io.javalin.router.EndpointNotFound.class, (e, ctx) -> {
            ApiException refusal;
            try {
                List<String> allowed = allowedOn(table, segments(ctx.req().getRequestURI()));
                refusal = allowed.isEmpty() ? noEndpointFor(ctx) : notAllowed(ctx.req().getMethod(), allowed);
            } catch (ServiceException.Invalid bad) {
                refusal = new ApiException(400, bad.getMessage(), Map.of());
            }
            refuse(ctx, refusal.status(), refusal.getMessage(), refusal.details());
        });
    }

    /**
     * Jetty reports an idle timeout during a body read as a transient failure that a reader may ignore, and the eager
     * body loader does ignore it (it keeps waiting), so a stalled upload would hold its connection forever. This
     * makes such a failure final: the loader hands the request on, reading the body fails, and the client gets 408.
     */
    private static final class FailOnIdle extends Handler.Wrapper {
        private final PerAddressLimit connections;

        FailOnIdle(PerAddressLimit connections, Handler next) {
            super(next);
            this.connections = connections;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            connections.begun(request.getConnectionMetaData().getConnection());
            return super.handle(new Request.Wrapper(request) {
                @Override
                public Content.Chunk read() {
                    Content.Chunk c = super.read();
                    return c != null && Content.Chunk.isFailure(c, false) ? Content.Chunk.from(c.getFailure(), true)
                            : c;
                }
            }, response, callback);
        }
    }

    /**
     * Caps the connections one client address holds (issue 45, finding 5): the server-wide limit stops accepting once
     * reached, so without this one address holding slow requests kept every other client out. A connection over the
     * cap is closed as soon as it opens, and one that has not sent its first request's headers by the header
     * deadline is closed then.
     */
    private static final class PerAddressLimit implements org.eclipse.jetty.io.Connection.Listener {
        private final int max;
        private final long headerDeadlineMillis;
        private final java.util.concurrent.ConcurrentHashMap<InetAddress, Integer> open =
                new java.util.concurrent.ConcurrentHashMap<>();
        /** The address of each open connection, kept from its opening: a closed one may no longer tell it. */
        private final java.util.concurrent.ConcurrentHashMap<org.eclipse.jetty.io.Connection, InetAddress> addressOf =
                new java.util.concurrent.ConcurrentHashMap<>();
        /** Connections open that have not yet begun a request. */
        private final java.util.Set<org.eclipse.jetty.io.Connection> waiting =
                java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final java.util.concurrent.ScheduledExecutorService deadlines =
                java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "parley-header-deadline");
                    t.setDaemon(true);
                    return t;
                });

        PerAddressLimit(int max, long headerDeadlineMillis) {
            this.max = max;
            this.headerDeadlineMillis = headerDeadlineMillis;
        }

        void begun(org.eclipse.jetty.io.Connection c) {
            waiting.remove(c);
        }

        @Override
        public void onOpened(org.eclipse.jetty.io.Connection c) {
            InetAddress a = address(c);
            if (a == null) {
                return;
            }
            addressOf.put(c, a);
            int n = open.merge(a, 1, Integer::sum);
            if (n > max) {
                LOG.debug("{} holds {} connections, over the limit of {} an address: closing the newest", a, n, max);
                c.getEndPoint().close();
                return;
            }
            waiting.add(c);
            deadlines.schedule(() -> {
                if (waiting.remove(c)) {
                    LOG.debug("{} sent no request headers within {} ms: closing", a, headerDeadlineMillis);
                    c.getEndPoint().close();
                }
            }, headerDeadlineMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
        }

        @Override
        public void onClosed(org.eclipse.jetty.io.Connection c) {
            waiting.remove(c);
            InetAddress a = addressOf.remove(c);
            if (a != null) {
                open.computeIfPresent(a, (k, n) -> n <= 1 ? null : n - 1);
            }
        }

        private static InetAddress address(org.eclipse.jetty.io.Connection c) {
            return c.getEndPoint().getRemoteSocketAddress() instanceof java.net.InetSocketAddress i
                    ? i.getAddress() : null;
        }
    }

    /** Binds and starts serving; port 0 picks a free port (see {@link #port()}). */
    public static DialogueServer start(DialogueService service, Config config) throws IOException {
        return start(service, config, null);
    }

    /** As {@link #start(DialogueService, Config)}, with routes beside the API (null: none). */
    public static DialogueServer start(DialogueService service, Config config, Extension extension)
            throws IOException {
        DialogueServer s = new DialogueServer(service, config, extension);
        try {
            s.app.start();
        } catch (RuntimeException e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            throw new IOException(root.getMessage() == null ? root.toString() : root.getMessage(), e);
        }
        LOG.info("serving on {}", s.uri());
        return s;
    }

    /** Every route with the methods it answers, in the order Javalin tries them (not the 404 catch-all). */
    public Map<String, List<String>> routes() {
        return routeTable;
    }

    /** Requests Jetty has taken in and not yet answered (uploads in progress included). */
    long requestsInFlight() {
        return graceful.getCurrentRequestCount();
    }

    /** Connections open now, idle keep-alive ones included. */
    int connectionsOpen() {
        ServerConnector c = connector;
        return c == null ? 0 : c.getConnectedEndPoints().size();
    }

    public int port() {
        return app.port();
    }

    public URI uri() {
        String host = config.host().contains(":") ? "[" + config.host() + "]" : config.host();
        return URI.create("http://" + host + ":" + port());
    }

    /**
     * Stops gracefully: no new requests, those in flight (uploads in progress included) finish, for up to the stop
     * timeout.
     */
    @Override
    public void close() {
        awaitRequestsInFlight();
        try {
            app.stop();
        } catch (RuntimeException e) {
            // requests still in flight after the stop timeout (an upload that never finishes, say): Jetty has
            // closed their connections and stopped all the same
            LOG.warn("stopped with requests still in flight after {} ms: {}", config.stopTimeoutMillis(),
                    e.getMessage());
        } finally {
            perAddress.deadlines.shutdownNow();
        }
    }

    /**
     * The first step of a stop: refuse new requests (503) and wait, up to the stop timeout, for those in flight to
     * finish. Then only idle keep-alive connections are left, which Jetty would otherwise keep for the whole grace
     * period (a browser holds one open for minutes): cut them at once, and leave Jetty's own stop what remains of
     * the timeout. A request still in flight when the timeout ends is left to Jetty's stop as before.
     */
    private void awaitRequestsInFlight() {
        if (config.stopTimeoutMillis() == 0) {
            return; // no grace period: Jetty's stop cuts everything at once, as configured
        }
        long start = System.nanoTime();
        try {
            graceful.shutdown().get(config.stopTimeoutMillis(), TimeUnit.MILLISECONDS);
            ServerConnector c = connector;
            if (c != null) {
                c.setShutdownIdleTimeout(IDLE_CUT_MILLIS);
            }
        } catch (TimeoutException | ExecutionException e) {
            // requests still in flight: Jetty's stop below waits for them no longer than what is left
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Server s = jetty;
        if (s != null) {
            long spent = (System.nanoTime() - start) / 1_000_000;
            s.setStopTimeout(Math.max(1, config.stopTimeoutMillis() - spent));
        }
    }

    // ------------------------------------------------------------------ routes

    /** Every method a route answers or refuses with 405 (and the list {@code Allow} names). */
    private static final List<HandlerType> METHODS = List.of(HandlerType.GET, HandlerType.POST, HandlerType.PUT,
            HandlerType.PATCH, HandlerType.DELETE, HandlerType.OPTIONS, HandlerType.HEAD);

    /**
     * The routes of the server, as Javalin's router takes them: each path with the handler of each method it
     * answers; every other method on that path is refused with 405 naming those it allows. Paths are added in
     * order and Javalin tries them in that order, so {@code /dialogue/new/{protocol}} comes before
     * {@code /dialogue/{id}/...}. An extension (the web pages) adds its own through the same object, after the API's,
     * and checks callers with the API's own {@link #operator(Context)} and reads bodies with {@link #jsonBody}.
     */
    public final class Routes {
        private final Map<String, Map<HandlerType, io.javalin.http.Handler>> paths = new LinkedHashMap<>();

        private Routes() {
        }

        public Routes get(String path, io.javalin.http.Handler h) {
            return add(HandlerType.GET, path, h);
        }

        public Routes post(String path, io.javalin.http.Handler h) {
            return add(HandlerType.POST, path, h);
        }

        public Routes put(String path, io.javalin.http.Handler h) {
            return add(HandlerType.PUT, path, h);
        }

        private Routes add(HandlerType method, String path, io.javalin.http.Handler h) {
            paths.computeIfAbsent(path, p -> new LinkedHashMap<>()).put(method, h);
            return this;
        }

        /** The operator check of {@code /dialogue/new}: the operator token, or a loopback client without one. */
        public void operator(Context ctx) {
            DialogueServer.this.operator(ctx);
        }

        /** Whether the caller has the operator's rights ({@link #operator(Context)} would let it through). */
        public boolean isOperator(Context ctx) {
            return DialogueServer.this.isOperator(ctx);
        }

        /** The request body as JSON within the body limit, or null when there is none. */
        public JsonNode jsonBody(Context ctx) {
            return bodies.optionalJsonObject(ctx);
        }

        /** The path's segments, each URL-decoded (a {@code +} stays a plus), empty ones dropped. */
        public List<String> segments(Context ctx) {
            return DialogueServer.segments(ctx.req().getRequestURI());
        }

        /** The paths added so far, in order, with the methods each answers: what the API description lists. */
        public Map<String, List<String>> table() {
            Map<String, List<String>> out = new LinkedHashMap<>();
            paths.forEach((p, m) -> out.put(p, m.keySet().stream().map(HandlerType::name).toList()));
            return out;
        }

        private void register(RoutesConfig into) {
            paths.forEach((path, handlers) -> {
                List<String> allowed = handlers.keySet().stream().map(HandlerType::name).toList();
                for (HandlerType t : METHODS) {
                    io.javalin.http.Handler h = handlers.get(t);
                    into.addHttpHandler(t, path, h != null ? h : ctx -> {
                        throw notAllowed(ctx.req().getMethod(), allowed);
                    });
                }
            });
        }
    }

    /**
     * The API's routes. A route reads its variable parts from the decoded segments (not Javalin's path parameters,
     * which would turn a {@code +} into a space), at the positions its path gives them.
     */
    private void apiRoutes(Routes r) {
        r.get("/available", ctx -> {
            ObjectNode o = DgepJson.MAPPER.createObjectNode();
            service.available().forEach(o.putArray("dgdl")::add);
            send(ctx, 200, o);
        });
        r.get("/health", ctx -> {
            DialogueService.Health h = service.health();
            ObjectNode o = DgepJson.MAPPER.createObjectNode().put("status", h.ok() ? "ok" : "unavailable")
                    .put("database", h.database()).put("writable", h.databaseUp()).put("dialogues", h.dialogues())
                    .put("quarantined", h.quarantined()).put("protocols", h.protocols())
                    .put("writer", h.writer() == null ? "ok" : h.writer());
            send(ctx, h.ok() ? 200 : 503, o);
        });
        r.put("/protocol", ctx -> {
            operator(ctx);
            send(ctx, 201, addProtocol(ctx));
        });
        io.javalin.http.Handler create = ctx -> {
            operator(ctx);
            List<DialogueService.Named> named = JsonBodies.participants(bodies.optionalJsonObject(ctx));
            DialogueService.Created c = service.create(seg(ctx, 2), named);
            ObjectNode o = DgepJson.MAPPER.createObjectNode().put("dialogueID", c.dialogueId());
            invitations(o, c);
            if (!named.isEmpty()) {
                ArrayNode a = o.putArray("participants");
                for (DialogueService.NamedJoin j : c.participants()) {
                    a.addObject().put("name", j.name()).put("participantID", j.joined().participantId())
                            .put("player", j.joined().handle()).put("protocolPlayer", j.joined().player());
                }
            }
            send(ctx, 200, o);
        };
        r.get("/dialogue/new/{protocol}", create).post("/dialogue/new/{protocol}", create);
        r.get("/dialogue/{id}/roles", ctx -> {
            DialogueService.RolesView v = service.roles(seg(ctx, 1));
            ObjectNode o = DgepJson.MAPPER.createObjectNode().put("dialogueID", v.dialogueId())
                    .put("protocol", v.protocol());
            v.roles().forEach(o.putArray("roles")::add);
            send(ctx, 200, DgepJson.seats(v.seats(), o));
        });
        io.javalin.http.Handler join = ctx -> {
            JsonNode body = bodies.optionalJsonObject(ctx);
            if (body != null) {
                for (java.util.Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
                    String f = it.next();
                    if (!f.equals("invitation")) {
                        throw new ServiceException.Invalid("unknown field \"" + f + "\" (fields: invitation)");
                    }
                }
                if (body.has("invitation") && !body.get("invitation").isTextual()) {
                    throw new ServiceException.Invalid("\"invitation\" must be text (the code its creator received)");
                }
            }
            String invitation = ctx.queryParam("invitation");
            String inBody = body != null && body.path("invitation").isTextual() ? body.get("invitation").asText()
                    : null;
            if ("".equals(invitation) || "".equals(inBody)) {
                throw new ServiceException.Invalid("the invitation is empty: give the code its creator received, or "
                        + "none");
            }
            if (invitation == null) {
                invitation = inBody;
            }
            // the operator (and anyone, with DGEP's open join) takes any free seat; others need its invitation
            DialogueService.Joined j = config.exposure().openJoin() || isOperator(ctx)
                    ? service.join(seg(ctx, 1), seg(ctx, 3))
                    : service.joinInvited(seg(ctx, 1), seg(ctx, 3), invitation);
            send(ctx, 200, DgepJson.MAPPER.createObjectNode().put("participantID", j.participantId())
                    .put("player", j.handle()).put("protocolPlayer", j.player()));
        };
        r.get("/dialogue/{id}/join/{role}", join).post("/dialogue/{id}/join/{role}", join);
        r.get("/dialogue/{id}/moves", ctx -> send(ctx, 200, DgepJson.movesBySeat(service.moves(seg(ctx, 1)))));
        r.get("/dialogue/{id}/moves/{participantID}", ctx -> {
            DialogueService.ParticipantMoves m = service.moves(seg(ctx, 1), seg(ctx, 3));
            ObjectNode o = DgepJson.MAPPER.createObjectNode().put("player", m.handle());
            o.set("moves", DgepJson.legalMoves(m.moves()));
            send(ctx, 200, o);
        });
        r.get("/dialogue/{id}/stores/{participantID}", ctx -> send(ctx, 200,
                DgepJson.stores(service.stores(seg(ctx, 1), seg(ctx, 3)))));
        r.post("/dialogue/{id}/interaction/{moveID}", ctx -> send(ctx, 200,
                interaction(ctx, seg(ctx, 1), seg(ctx, 3))));
        r.get("/dialogue/{id}/transcript", ctx -> {
            ObjectNode o = DgepJson.MAPPER.createObjectNode();
            ArrayNode a = o.putArray("transcript");
            for (DialogueService.Entry e : service.transcript(seg(ctx, 1))) {
                a.add(DgepJson.transcriptEntry(e));
            }
            send(ctx, 200, o);
        });
        r.get("/dialogue/{id}/aif", ctx -> send(ctx, 200, DgepJson.aif(service.aif(seg(ctx, 1)))));
        r.get("/dialogue/{id}/nodeset", ctx -> send(ctx, 200, DgepJson.nodeSet(service.nodeSet(seg(ctx, 1)))));
        r.get("/dialogue/{id}/status", ctx -> send(ctx, 200, DgepJson.status(service.status(seg(ctx, 1)))));
        r.get("/openapi.json", ctx -> send(ctx, 200, ApiDescription.json()));
    }

    /** The invitations of a dialogue just created, one per free seat, for its creator to hand out. */
    public static void invitations(ObjectNode o, DialogueService.Created c) {
        if (c.invitations().isEmpty()) {
            return;
        }
        ArrayNode a = o.putArray("invitations");
        for (DialogueService.Invitation i : c.invitations()) {
            a.addObject().put("player", i.handle()).put("protocolPlayer", i.player()).put("invitation", i.code());
        }
    }

    private boolean isOperator(Context ctx) {
        try {
            operator(ctx);
            return true;
        } catch (ApiException e) {
            return false;
        }
    }

    private static String seg(Context ctx, int i) {
        return segments(ctx.req().getRequestURI()).get(i);
    }

    /** The methods the route matching these decoded segments answers (none when no route matches). */
    static List<String> allowedOn(Map<String, List<String>> table, List<String> segments) {
        for (Map.Entry<String, List<String>> route : table.entrySet()) {
            List<String> pattern = segments(route.getKey());
            boolean match = pattern.size() == segments.size();
            for (int i = 0; match && i < pattern.size(); i++) {
                String part = pattern.get(i);
                match = part.startsWith("{") || part.equals(segments.get(i));
            }
            if (match) {
                return route.getValue();
            }
        }
        return List.of();
    }

    /** Whatever no route takes: 404 naming the endpoints. */
    private static void noEndpoint(Context ctx) {
        throw noEndpointFor(ctx);
    }

    private static ApiException noEndpointFor(Context ctx) {
        return new ApiException(404, "no such endpoint: " + ctx.req().getMethod() + " "
                + routeName(segments(ctx.req().getRequestURI())) + " (see GET /available, "
                + "/dialogue/new/{protocol}, /dialogue/{id}/roles|join/{role}|moves[/{participantID}]|"
                + "stores/{participantID}|interaction/{moveID}|transcript|aif|nodeset|status, PUT /protocol, "
                + "GET /health, GET /openapi.json)");
    }

    /**
     * Checks that come before any route: the path decodes, the request's host, origin, content type and method are
     * this server's (see {@link RequestGuard}), and a declared body is within the limit.
     */
    private void before(Context ctx) {
        List<String> p = segments(ctx.req().getRequestURI());
        guard.check(ctx, stateChanging(ctx.req().getMethod(), p));
        bodies.checkDeclaredLength(ctx);
    }

    /**
     * Whether a request may change what the server holds: any method but GET, HEAD and OPTIONS, and DGEP's two GET
     * routes that create a dialogue and take a seat.
     */
    static boolean stateChanging(String method, List<String> p) {
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("OPTIONS")) {
            return true;
        }
        return p.size() == 3 && p.get(0).equals("dialogue") && p.get(1).equals("new")
                || p.size() == 4 && p.get(0).equals("dialogue") && p.get(2).equals("join");
    }

    // ------------------------------------------------------------------ the error table

    /** The error table: each refusal's status, all answered as {@code {"error": ...}}. */
    private void errors(RoutesConfig r) {
        r.exception(ServiceException.Invalid.class, (e, ctx) -> refuse(ctx, 400, e.getMessage(), e.details()));
        r.exception(ServiceException.NotParticipant.class, (e, ctx) -> refuse(ctx, 403, e.getMessage(), Map.of()));
        r.exception(ServiceException.NotFound.class, (e, ctx) -> refuse(ctx, 404, e.getMessage(), Map.of()));
        r.exception(ServiceException.Conflict.class, (e, ctx) -> refuse(ctx, 409, e.getMessage(), Map.of()));
        r.exception(ServiceException.TooLarge.class, (e, ctx) -> refuse(ctx, 413, e.getMessage(), Map.of()));
        r.exception(ServiceException.OverLimit.class, (e, ctx) -> refuse(ctx, 422, e.getMessage(), Map.of()));
        r.exception(ServiceException.Unavailable.class, (e, ctx) -> refuse(ctx, 503, e.getMessage(), Map.of()));
        r.exception(ApiException.class, (e, ctx) -> refuse(ctx, e.status(), e.getMessage(), e.details()));
        r.exception(StoreException.class, (e, ctx) -> {
            String ref = Tokens.incident();
            LOG.error("database failure [{}] on {} {}: {}", ref, ctx.req().getMethod(), route(ctx), e.getMessage());
            LOG.debug("database failure [{}]", ref, e);
            send(ctx, 503, DgepJson.error((e.diskFull() ? "the database's disk is full, so nothing can be stored "
                    + "now; what was stored is kept" : "the database is unavailable") + " (reference " + ref + ")",
                    Map.of()));
        });
        r.exception(Exception.class, (e, ctx) -> {
            String ref = Tokens.incident();
            LOG.error("internal error [{}] on {} {}", ref, ctx.req().getMethod(), route(ctx), e);
            send(ctx, 500, DgepJson.error("internal server error (reference " + ref + ")", Map.of()));
        });
    }

    private static void refuse(Context ctx, int status, String message, Map<String, Object> details) {
        LOG.debug("{} {} -> {} {}", ctx.req().getMethod(), route(ctx), status, message);
        if (status == 413) {
            // the rest of the body is not read: the connection cannot carry another request
            ctx.header("Connection", "close");
        }
        if (status == 401) {
            ctx.header("WWW-Authenticate", "Bearer");
        }
        send(ctx, status, DgepJson.error(message, details));
    }

    private static String route(Context ctx) {
        try {
            return routeName(segments(ctx.req().getRequestURI()));
        } catch (RuntimeException e) {
            return "?";
        }
    }

    private static ApiException notAllowed(String method, List<String> allowed) {
        return new ApiException(405, "method " + method + " is not allowed here (allowed: "
                + String.join(", ", allowed) + ")", Map.of("allow", allowed));
    }

    /** The route with its variable parts replaced, for logs: a path may hold a participant token. */
    private static String routeName(List<String> p) {
        if (p.size() >= 3 && p.get(0).equals("dialogue")) {
            StringBuilder sb = new StringBuilder("/dialogue/");
            sb.append(p.get(1).equals("new") ? "new/{protocol}" : "{id}/" + p.get(2));
            if (p.size() > 3 && !p.get(1).equals("new")) {
                sb.append("/{").append(p.get(2).equals("moves") ? "participant" : "name").append('}');
            }
            return sb.toString();
        }
        return "/" + String.join("/", p.stream().limit(2).toList());
    }

    /**
     * {@code PUT /protocol} and {@code /dialogue/new} change what the server holds for good: with an operator token
     * configured they need it ({@code Authorization: Bearer TOKEN}); without one only clients on this machine may.
     */
    private void operator(Context ctx) {
        String token = config.adminToken();
        if (token == null) {
            if (!guard.thisMachine(ctx)) {
                throw new ApiException(403, "this server has no operator token (" + Setting.named("adminTokenEnv")
                        + "), so protocol uploads and new dialogues are open to clients on its own machine only, "
                        + "not through a proxy");
            }
            return;
        }
        String auth = ctx.header("Authorization");
        if (auth == null || !auth.startsWith("Bearer ")) {
            throw new ApiException(401, "this needs the operator token: send Authorization: Bearer TOKEN");
        }
        if (!MessageDigest.isEqual(auth.substring("Bearer ".length()).trim().getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8))) {
            throw new ApiException(403, "the operator token is wrong");
        }
    }

    private ObjectNode addProtocol(Context ctx) {
        byte[] body = bodies.bytes(ctx);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw new ServiceException.Invalid("the protocol must be DGDL text in UTF-8");
        }
        if (text.isBlank()) {
            throw new ServiceException.Invalid("the body must be the DGDL text of the protocol");
        }
        DialogueService.Added a = service.addProtocol(text, body.length);
        ObjectNode o = DgepJson.MAPPER.createObjectNode().put("protocol", a.name());
        ArrayNode ws = o.putArray("warnings");
        for (Diagnostic d : a.warnings()) {
            ws.addObject().put("line", d.position().line()).put("column", d.position().column())
                    .put("message", d.message());
        }
        return o;
    }

    private ObjectNode interaction(Context ctx, String dialogueId, String moveId) {
        String key = JsonBodies.idempotencyKey(ctx.header("Idempotency-Key"));
        RequestBodies.Interaction move = bodies.interaction(ctx);
        DialogueService.Performed done = service.perform(dialogueId, moveId, move.speaker(), move.reply(),
                move.target(), move.words(), key);
        ObjectNode o = DgepJson.MAPPER.createObjectNode().put("accepted", true);
        if (done.repeated()) {
            o.put("repeated", true);
        }
        o.set("move", DgepJson.transcriptEntry(done.entry()));
        o.set("moves", DgepJson.movesBySeat(done.moves()));
        return o;
    }

    // ------------------------------------------------------------------ responses

    private static void send(Context ctx, int status, JsonNode body) {
        byte[] bytes;
        try {
            bytes = DgepJson.MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a response", e);
        }
        ctx.status(status);
        ctx.contentType("application/json; charset=utf-8");
        ctx.header("Cache-Control", "no-store");
        ctx.header("X-Content-Type-Options", "nosniff");
        if (status == 405 && body.has("allow")) {
            List<String> allow = new ArrayList<>();
            body.get("allow").forEach(a -> allow.add(a.asText()));
            ctx.header("Allow", String.join(", ", allow));
        }
        ctx.result(bytes);
    }

    /** Path segments, each URL-decoded; empty segments (double or trailing slashes) dropped. */
    static List<String> segments(String rawPath) {
        List<String> out = new ArrayList<>();
        if (rawPath == null) {
            return out;
        }
        for (String s : rawPath.split("/")) {
            if (s.isEmpty()) {
                continue;
            }
            try {
                out.add(URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new ServiceException.Invalid("the path is not correctly URL-encoded");
            }
        }
        return out;
    }
}
