package dev.parley.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dgdl.Diagnostic;
import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.EagerContentHandler;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DGEP-compatible HTTP API over a {@link DialogueService}, on Javalin 7 (Jetty 12). Javalin routes every request
 * to one handler here; routing on path segments, the error mapping and the checks below are the API.
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
 * reference only, never a stack trace.
 */
public final class DialogueServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DialogueServer.class);
    private static final Set<String> INTERACTION_FIELDS = Set.of("speaker", "reply", "target", "text");
    /** Jetty's own threads besides the request threads: an acceptor, a selector and some slack. */
    private static final int JETTY_THREADS = 4;

    /**
     * Where and how to listen.
     *
     * @param adminToken the operator token for {@code PUT /protocol} and {@code /dialogue/new}; null: those are open
     *                   to loopback clients only
     */
    public record Config(String host, int port, int maxBodyBytes, int threads, int maxConnections,
                         long idleTimeoutMillis, long stopTimeoutMillis, String adminToken) {
        public Config {
            if (maxBodyBytes < 1 || threads < 1 || port < 0 || port > 65535 || maxConnections < 1
                    || idleTimeoutMillis < 1 || stopTimeoutMillis < 0) {
                throw new IllegalArgumentException("bad server config " + port + "/" + maxBodyBytes + "/" + threads
                        + "/" + maxConnections + "/" + idleTimeoutMillis);
            }
        }

        public Config(String host, int port, int maxBodyBytes, int threads) {
            this(host, port, maxBodyBytes, threads, 1024, 30_000, 10_000, null);
        }
    }

    private final DialogueService service;
    private final Config config;
    private final Javalin app;
    private final JsonBodies bodies;
    private final GracefulHandler graceful = new GracefulHandler();
    private final Extension extension;

    /**
     * Routes beside the API (the web interface): asked for every path the API has no route for, after the API's
     * own routes, so it can never shadow one. An {@link ApiException} it throws is answered as the API answers one.
     */
    public interface Extension {
        /** @return true when it answered the request; false leaves it to the API's 404 */
        boolean handle(Context ctx, List<String> path, Guard guard);
    }

    /** The API's own checks, for an extension's routes that change what the server holds. */
    public interface Guard {
        /** The operator check of {@code /dialogue/new}: the operator token, or a loopback client without one. */
        void operator();

        /** The request body as JSON within the body limit, or null when there is none. */
        JsonNode jsonBody();
    }

    private DialogueServer(DialogueService service, Config config, Extension extension) {
        this.service = service;
        this.config = config;
        this.extension = extension;
        this.bodies = new JsonBodies(config.maxBodyBytes());
        // bounded threads; the queue is Jetty's unbounded default (Jetty warns against a bounded one) and is bounded
        // in effect by the connection limit, since an HTTP/1.1 connection has at most one request in flight
        QueuedThreadPool pool = new QueuedThreadPool(config.threads() + JETTY_THREADS,
                Math.min(4, config.threads() + JETTY_THREADS));
        pool.setName("parley-http");
        pool.setDaemon(true);
        this.app = Javalin.create(c -> {
            c.startup.showJavalinBanner = false;
            c.startup.showOldJavalinVersionWarning = false;
            c.http.compressionStrategy = CompressionStrategy.NONE;
            c.http.maxRequestSize = config.maxBodyBytes();
            c.jetty.threadPool = pool;
            c.jetty.modifyServer(server -> {
                server.setStopTimeout(config.stopTimeoutMillis());
                // the body is retained up to the limit (plus framing) before the handler runs; beyond it the
                // handler runs and refuses the body with 413 itself
                server.setHandler(graceful);
                graceful.setHandler(new FailOnIdle(new EagerContentHandler(
                        new EagerContentHandler.RetainedContentLoaderFactory(config.maxBodyBytes() + 16_384L, -1,
                                false))));
                server.addBean(new NetworkConnectionLimit(config.maxConnections(), server));
            });
            c.jetty.addConnector((server, http) -> {
                http.setSendServerVersion(false);
                http.setSendXPoweredBy(false);
                ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
                connector.setHost(config.host());
                connector.setPort(config.port());
                connector.setIdleTimeout(config.idleTimeoutMillis());
                return connector;
            });
            for (HandlerType t : List.of(HandlerType.GET, HandlerType.POST, HandlerType.PUT, HandlerType.PATCH,
                    HandlerType.DELETE, HandlerType.OPTIONS)) {
                c.routes.addHttpHandler(t, "/", this::handle);
                c.routes.addHttpHandler(t, "/*", this::handle);
            }
        });
    }

    /**
     * Jetty reports an idle timeout during a body read as a transient failure that a reader may ignore, and the eager
     * body loader does ignore it (it keeps waiting), so a stalled upload would hold its connection forever. This
     * makes such a failure final: the loader hands the request on, reading the body fails, and the client gets 408.
     */
    private static final class FailOnIdle extends Handler.Wrapper {
        FailOnIdle(Handler next) {
            super(next);
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
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

    /** Requests Jetty has taken in and not yet answered (uploads in progress included). */
    long requestsInFlight() {
        return graceful.getCurrentRequestCount();
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
        try {
            app.stop();
        } catch (RuntimeException e) {
            // requests still in flight after the stop timeout (an upload that never finishes, say): Jetty has
            // closed their connections and stopped all the same
            LOG.warn("stopped with requests still in flight after {} ms: {}", config.stopTimeoutMillis(),
                    e.getMessage());
        }
    }

    // ------------------------------------------------------------------ dispatch

    private record Reply(int status, JsonNode body) {
    }

    private void handle(Context ctx) {
        String route = "?";
        String method = ctx.req().getMethod();
        try {
            List<String> path = segments(ctx.req().getRequestURI());
            route = routeName(path);
            checkDeclaredLength(ctx);
            Reply r = dispatch(ctx, method, path);
            if (r != null) {
                send(ctx, r.status(), r.body());
            }
        } catch (ApiException e) {
            LOG.debug("{} {} -> {} {}", method, route, e.status(), e.getMessage());
            if (e.status() == 413) {
                // the rest of the body is not read: the connection cannot carry another request
                ctx.header("Connection", "close");
            }
            if (e.status() == 401) {
                ctx.header("WWW-Authenticate", "Bearer");
            }
            send(ctx, e.status(), DgepJson.error(e.getMessage(), e.details()));
        } catch (StoreException e) {
            String ref = Tokens.incident();
            LOG.error("database failure [{}] on {} {}: {}", ref, method, route, e.getMessage());
            LOG.debug("database failure [{}]", ref, e);
            send(ctx, 503, DgepJson.error("the database is unavailable (reference " + ref + ")", Map.of()));
        } catch (RuntimeException | Error e) {
            String ref = Tokens.incident();
            LOG.error("internal error [{}] on {} {}", ref, method, route, e);
            send(ctx, 500, DgepJson.error("internal server error (reference " + ref + ")", Map.of()));
        }
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

    private Reply dispatch(Context ctx, String method, List<String> p) {
        int n = p.size();
        if (n == 1 && p.get(0).equals("available")) {
            allow(method, "GET");
            ObjectNode o = DgepJson.MAPPER.createObjectNode();
            service.available().forEach(o.putArray("dgdl")::add);
            return new Reply(200, o);
        }
        if (n == 1 && p.get(0).equals("health")) {
            allow(method, "GET");
            DialogueService.Health h = service.health();
            ObjectNode o = DgepJson.MAPPER.createObjectNode().put("status", h.databaseUp() ? "ok" : "unavailable")
                    .put("database", h.database()).put("writable", h.databaseUp()).put("dialogues", h.dialogues())
                    .put("quarantined", h.quarantined()).put("protocols", h.protocols());
            return new Reply(h.databaseUp() ? 200 : 503, o);
        }
        if (n == 1 && p.get(0).equals("protocol")) {
            allow(method, "PUT");
            operator(ctx);
            return addProtocol(ctx);
        }
        if (n >= 3 && p.get(0).equals("dialogue")) {
            if (n == 3 && p.get(1).equals("new")) {
                allow(method, "GET", "POST");
                operator(ctx);
                List<DialogueService.Named> named = JsonBodies.participants(optionalJsonBody(ctx));
                DialogueService.Created c = service.create(p.get(2), named);
                ObjectNode o = DgepJson.MAPPER.createObjectNode().put("dialogueID", c.dialogueId());
                if (!named.isEmpty()) {
                    ArrayNode a = o.putArray("participants");
                    for (DialogueService.NamedJoin j : c.participants()) {
                        a.addObject().put("name", j.name()).put("participantID", j.joined().participantId())
                                .put("player", j.joined().handle()).put("protocolPlayer", j.joined().player());
                    }
                }
                return new Reply(200, o);
            }
            String id = p.get(1);
            String what = p.get(2);
            if (n == 3 && what.equals("roles")) {
                allow(method, "GET");
                DialogueService.RolesView v = service.roles(id);
                ObjectNode o = DgepJson.MAPPER.createObjectNode().put("dialogueID", v.dialogueId())
                        .put("protocol", v.protocol());
                v.roles().forEach(o.putArray("roles")::add);
                return new Reply(200, DgepJson.seats(v.seats(), o));
            }
            if (n == 4 && what.equals("join")) {
                allow(method, "GET", "POST");
                optionalJsonBody(ctx);
                DialogueService.Joined j = service.join(id, p.get(3));
                return new Reply(200, DgepJson.MAPPER.createObjectNode().put("participantID", j.participantId())
                        .put("player", j.handle()).put("protocolPlayer", j.player()));
            }
            if (n == 3 && what.equals("moves")) {
                allow(method, "GET");
                return new Reply(200, DgepJson.movesBySeat(service.moves(id)));
            }
            if (n == 4 && what.equals("moves")) {
                allow(method, "GET");
                DialogueService.ParticipantMoves m = service.moves(id, p.get(3));
                ObjectNode o = DgepJson.MAPPER.createObjectNode().put("player", m.handle());
                o.set("moves", DgepJson.legalMoves(m.moves()));
                return new Reply(200, o);
            }
            if (n == 4 && what.equals("stores")) {
                allow(method, "GET");
                return new Reply(200, DgepJson.stores(service.stores(id, p.get(3))));
            }
            if (n == 4 && what.equals("interaction")) {
                allow(method, "POST");
                return interaction(ctx, id, p.get(3));
            }
            if (n == 3 && what.equals("transcript")) {
                allow(method, "GET");
                ObjectNode o = DgepJson.MAPPER.createObjectNode();
                ArrayNode a = o.putArray("transcript");
                for (DialogueService.Entry e : service.transcript(id)) {
                    a.add(DgepJson.transcriptEntry(e));
                }
                return new Reply(200, o);
            }
            if (n == 3 && what.equals("aif")) {
                allow(method, "GET");
                return new Reply(200, DgepJson.aif(service.aif(id)));
            }
            if (n == 3 && what.equals("nodeset")) {
                allow(method, "GET");
                return new Reply(200, DgepJson.nodeSet(service.nodeSet(id)));
            }
            if (n == 3 && what.equals("status")) {
                allow(method, "GET");
                return new Reply(200, DgepJson.status(service.status(id)));
            }
        }
        if (extension != null && extension.handle(ctx, p, new Guard() {
            @Override
            public void operator() {
                DialogueServer.this.operator(ctx);
            }

            @Override
            public JsonNode jsonBody() {
                return optionalJsonBody(ctx);
            }
        })) {
            return null; // answered by the extension
        }
        throw ApiException.notFound("no such endpoint: " + method + " " + routeName(p) + " (see GET /available, "
                + "/dialogue/new/{protocol}, /dialogue/{id}/roles|join/{role}|moves[/{participantID}]|"
                + "stores/{participantID}|interaction/{moveID}|transcript|aif|nodeset|status, PUT /protocol, GET /health)");
    }

    /**
     * {@code PUT /protocol} and {@code /dialogue/new} change what the server holds for good: with an operator token
     * configured they need it ({@code Authorization: Bearer TOKEN}); without one only clients on this machine may.
     */
    private void operator(Context ctx) {
        String token = config.adminToken();
        if (token == null) {
            if (!loopback(ctx.req().getRemoteAddr())) {
                throw ApiException.forbidden("this server has no operator token (--admin-token-env), so protocol "
                        + "uploads and new dialogues are open to clients on its own machine only");
            }
            return;
        }
        String auth = ctx.header("Authorization");
        if (auth == null || !auth.startsWith("Bearer ")) {
            throw new ApiException(401, "this needs the operator token: send Authorization: Bearer TOKEN");
        }
        if (!MessageDigest.isEqual(auth.substring("Bearer ".length()).trim().getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8))) {
            throw ApiException.forbidden("the operator token is wrong");
        }
    }

    private static boolean loopback(String address) {
        try {
            return address != null && InetAddress.getByName(address).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    private static void allow(String method, String... allowed) {
        for (String a : allowed) {
            if (a.equals(method)) {
                return;
            }
        }
        throw new ApiException(405, "method " + method + " is not allowed here (allowed: "
                + String.join(", ", allowed) + ")", Map.of("allow", List.of(allowed)));
    }

    private Reply addProtocol(Context ctx) {
        byte[] body = body(ctx);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw ApiException.badRequest("the protocol must be DGDL text in UTF-8");
        }
        if (text.isBlank()) {
            throw ApiException.badRequest("the body must be the DGDL text of the protocol");
        }
        DialogueService.Added a = service.addProtocol(text, body.length);
        ObjectNode o = DgepJson.MAPPER.createObjectNode().put("protocol", a.name());
        ArrayNode ws = o.putArray("warnings");
        for (Diagnostic d : a.warnings()) {
            ws.addObject().put("line", d.position().line()).put("column", d.position().column())
                    .put("message", d.message());
        }
        return new Reply(201, o);
    }

    private Reply interaction(Context ctx, String dialogueId, String moveId) {
        String key = JsonBodies.idempotencyKey(ctx.header("Idempotency-Key"));
        JsonNode root = bodies.parse(body(ctx));
        if (root == null || !root.isObject()) {
            throw ApiException.badRequest("the body must be a JSON object {\"speaker\": participantID, "
                    + "\"reply\": {var: text}, \"target\": player, \"text\": words}");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!INTERACTION_FIELDS.contains(f)) {
                throw ApiException.badRequest("unknown field \"" + f + "\" (fields: speaker, reply, target, text)");
            }
        }
        JsonNode speaker = root.get("speaker");
        if (speaker == null || speaker.isNull()) {
            throw ApiException.badRequest("missing \"speaker\": the participantID that join returned");
        }
        if (!speaker.isTextual()) {
            throw ApiException.badRequest("\"speaker\" must be text (the participantID that join returned)");
        }
        String target = scalar(root.get("target"), "target");
        JsonNode textNode = root.get("text");
        if (textNode != null && !textNode.isNull() && !textNode.isTextual()) {
            throw ApiException.badRequest("\"text\" must be text (the move's words)");
        }
        String words = textNode == null || textNode.isNull() ? null : textNode.asText();
        Map<String, String> reply = new LinkedHashMap<>();
        JsonNode r = root.get("reply");
        if (r != null && !r.isNull()) {
            if (!r.isObject()) {
                throw ApiException.badRequest("\"reply\" must be an object {variable: text}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = r.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                reply.put(e.getKey(), scalar(e.getValue(), "reply." + e.getKey()));
            }
        }
        reply.values().removeIf(java.util.Objects::isNull);
        // DGEP's own example puts the target inside the reply; honour that unless the move has a variable of the name
        if (target == null && reply.containsKey("target")) {
            target = reply.get("target");
            reply.remove("target");
        }
        DialogueService.Performed done = service.perform(dialogueId, moveId, speaker.asText(), reply, target, words,
                key);
        ObjectNode o = DgepJson.MAPPER.createObjectNode().put("accepted", true);
        if (done.repeated()) {
            o.put("repeated", true);
        }
        o.set("move", DgepJson.transcriptEntry(done.entry()));
        o.set("moves", DgepJson.movesBySeat(done.moves()));
        return new Reply(200, o);
    }

    private static String scalar(JsonNode n, String field) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isValueNode()) {
            throw ApiException.badRequest("\"" + field + "\" must be text");
        }
        return n.asText();
    }

    // ------------------------------------------------------------------ bodies

    private void checkDeclaredLength(Context ctx) {
        String declared = ctx.header("Content-Length");
        if (declared != null) {
            long n;
            try {
                n = Long.parseLong(declared.trim());
            } catch (NumberFormatException e) {
                throw ApiException.badRequest("Content-Length is not a number");
            }
            if (n > config.maxBodyBytes()) {
                throw tooLarge();
            }
        }
    }

    private ApiException tooLarge() {
        return new ApiException(413, "the request body is larger than the limit of " + config.maxBodyBytes()
                + " bytes");
    }

    /** Reads the body, refusing (413) as soon as it passes the limit, whatever Content-Length said. */
    private byte[] body(Context ctx) {
        int limit = config.maxBodyBytes();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try (InputStream in = ctx.req().getInputStream()) {
            int r;
            while ((r = in.read(buf)) >= 0) {
                out.write(buf, 0, r);
                if (out.size() > limit) {
                    throw tooLarge();
                }
            }
        } catch (IOException e) {
            if (timedOut(e)) {
                ctx.header("Connection", "close");
                throw new ApiException(408, "the request body did not arrive within the idle timeout of "
                        + config.idleTimeoutMillis() + " ms");
            }
            throw ApiException.badRequest("the request body could not be read: " + e.getMessage());
        }
        return out.toByteArray();
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.util.concurrent.TimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** {@code new} and {@code join} need no body; one that is sent must still be JSON (DGEP clients send {}). */
    private JsonNode optionalJsonBody(Context ctx) {
        byte[] b = body(ctx);
        if (b.length > 0 && !new String(b, StandardCharsets.UTF_8).isBlank()) {
            return bodies.parse(b);
        }
        return null;
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
                throw ApiException.badRequest("the path is not correctly URL-encoded");
            }
        }
        return out;
    }
}
