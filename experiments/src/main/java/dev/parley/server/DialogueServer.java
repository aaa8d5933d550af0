package dev.parley.server;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.parley.dgdl.Diagnostic;
import dev.parley.engine.PerformedMove;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DGEP-compatible HTTP API over a {@link DialogueService}, on the JDK's own HTTP server
 * ({@code com.sun.net.httpserver}): eleven routes need no framework, and routing, the body size limit and the error
 * mapping below are all the server there is, so nothing else (no Jetty, no Kotlin runtime) ships in the jar.
 *
 * <p>Every response is JSON. Errors are {@code {"error": "..."}} with 400 (malformed JSON, bad fields, a DGDL
 * error with line and column), 403 (a speaker token that is not a participant's of this dialogue), 404 (unknown
 * dialogue, protocol, participant or path), 405 (wrong method), 409 (illegal move, with the engine's reason; seat
 * taken; players missing), 413 (body over the limit), 503 (database down); anything unexpected is logged with a
 * reference and answered 500 with that reference only, never a stack trace.
 */
public final class DialogueServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DialogueServer.class);
    private static final ObjectMapper REQUESTS = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private static final Set<String> INTERACTION_FIELDS = Set.of("speaker", "reply", "target");

    static {
        // The JDK server writes a response's headers and body separately; with Nagle's algorithm on, the body waits
        // for the client's delayed ACK of the headers (~40 ms per request). The property is read once, when the
        // JDK's server classes load, so it is set before the first server is made.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /** Where and how to listen. */
    public record Config(String host, int port, int maxBodyBytes, int threads) {
        public Config {
            if (maxBodyBytes < 1 || threads < 1 || port < 0 || port > 65535) {
                throw new IllegalArgumentException("bad server config " + port + "/" + maxBodyBytes + "/" + threads);
            }
        }
    }

    private final DialogueService service;
    private final Config config;
    private final HttpServer http;
    private final ExecutorService executor;

    private DialogueServer(DialogueService service, Config config) throws IOException {
        this.service = service;
        this.config = config;
        this.http = HttpServer.create(new InetSocketAddress(config.host(), config.port()), 256);
        AtomicInteger n = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(config.threads(), config.threads(), 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "parley-http-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        http.setExecutor(executor);
        http.createContext("/", this::handle);
    }

    /** Binds and starts serving; port 0 picks a free port (see {@link #port()}). */
    public static DialogueServer start(DialogueService service, Config config) throws IOException {
        DialogueServer s = new DialogueServer(service, config);
        s.http.start();
        LOG.info("serving on {}", s.uri());
        return s;
    }

    public int port() {
        return http.getAddress().getPort();
    }

    public URI uri() {
        String host = config.host().contains(":") ? "[" + config.host() + "]" : config.host();
        return URI.create("http://" + host + ":" + port());
    }

    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
    }

    // ------------------------------------------------------------------ dispatch

    private record Reply(int status, JsonNode body) {
    }

    private void handle(HttpExchange ex) {
        String route = "?";
        try {
            List<String> path = segments(ex.getRequestURI().getRawPath());
            route = routeName(path);
            checkDeclaredLength(ex);
            Reply r = dispatch(ex, path);
            send(ex, r.status(), r.body());
        } catch (ApiException e) {
            LOG.debug("{} {} -> {} {}", ex.getRequestMethod(), route, e.status(), e.getMessage());
            if (e.status() == 413) {
                // the rest of the body is not read: the connection cannot carry another request
                ex.getResponseHeaders().set("Connection", "close");
            }
            send(ex, e.status(), DgepJson.error(e.getMessage(), e.details()));
        } catch (StoreException e) {
            String ref = Tokens.incident();
            LOG.error("database failure [{}] on {} {}", ref, ex.getRequestMethod(), route, e);
            send(ex, 503, DgepJson.error("the database is unavailable (reference " + ref + ")", Map.of()));
        } catch (RuntimeException | Error e) {
            String ref = Tokens.incident();
            LOG.error("internal error [{}] on {} {}", ref, ex.getRequestMethod(), route, e);
            send(ex, 500, DgepJson.error("internal server error (reference " + ref + ")", Map.of()));
        } finally {
            ex.close();
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

    private Reply dispatch(HttpExchange ex, List<String> p) {
        String method = ex.getRequestMethod();
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
                    .put("database", h.database()).put("dialogues", h.dialogues()).put("protocols", h.protocols());
            return new Reply(h.databaseUp() ? 200 : 503, o);
        }
        if (n == 1 && p.get(0).equals("protocol")) {
            allow(method, "PUT");
            return addProtocol(ex);
        }
        if (n >= 3 && p.get(0).equals("dialogue")) {
            if (n == 3 && p.get(1).equals("new")) {
                allow(method, "GET", "POST");
                optionalJsonBody(ex);
                String id = service.create(p.get(2));
                return new Reply(200, DgepJson.MAPPER.createObjectNode().put("dialogueID", id));
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
                optionalJsonBody(ex);
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
            if (n == 4 && what.equals("interaction")) {
                allow(method, "POST");
                return interaction(ex, id, p.get(3));
            }
            if (n == 3 && what.equals("transcript")) {
                allow(method, "GET");
                ObjectNode o = DgepJson.MAPPER.createObjectNode();
                ArrayNode a = o.putArray("transcript");
                for (PerformedMove m : service.transcript(id)) {
                    a.add(DgepJson.transcriptEntry(m));
                }
                return new Reply(200, o);
            }
            if (n == 3 && what.equals("status")) {
                allow(method, "GET");
                return new Reply(200, DgepJson.status(service.status(id)));
            }
        }
        throw ApiException.notFound("no such endpoint: " + method + " " + routeName(p) + " (see GET /available, "
                + "/dialogue/new/{protocol}, /dialogue/{id}/roles|join/{role}|moves[/{participantID}]|"
                + "interaction/{moveID}|transcript|status, PUT /protocol, GET /health)");
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

    private Reply addProtocol(HttpExchange ex) {
        byte[] body = body(ex);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw ApiException.badRequest("the protocol must be DGDL text in UTF-8");
        }
        if (text.isBlank()) {
            throw ApiException.badRequest("the body must be the DGDL text of the protocol");
        }
        DialogueService.Added a = service.addProtocol(text);
        ObjectNode o = DgepJson.MAPPER.createObjectNode().put("protocol", a.name());
        ArrayNode ws = o.putArray("warnings");
        for (Diagnostic d : a.warnings()) {
            ws.addObject().put("line", d.position().line()).put("column", d.position().column())
                    .put("message", d.message());
        }
        return new Reply(201, o);
    }

    private Reply interaction(HttpExchange ex, String dialogueId, String moveId) {
        JsonNode root = json(body(ex));
        if (root == null || !root.isObject()) {
            throw ApiException.badRequest("the body must be a JSON object {\"speaker\": participantID, "
                    + "\"reply\": {var: text}, \"target\": player}");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!INTERACTION_FIELDS.contains(f)) {
                throw ApiException.badRequest("unknown field \"" + f + "\" (fields: speaker, reply, target)");
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
        DialogueService.Performed done = service.perform(dialogueId, moveId, speaker.asText(), reply, target);
        ObjectNode o = DgepJson.MAPPER.createObjectNode().put("accepted", true);
        o.set("move", DgepJson.transcriptEntry(done.move()));
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

    private void checkDeclaredLength(HttpExchange ex) {
        String declared = ex.getRequestHeaders().getFirst("Content-Length");
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
    private byte[] body(HttpExchange ex) {
        int limit = config.maxBodyBytes();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try (InputStream in = ex.getRequestBody()) {
            int r;
            while ((r = in.read(buf)) >= 0) {
                out.write(buf, 0, r);
                if (out.size() > limit) {
                    throw tooLarge();
                }
            }
        } catch (IOException e) {
            throw ApiException.badRequest("the request body could not be read: " + e.getMessage());
        }
        return out.toByteArray();
    }

    private static JsonNode json(byte[] body) {
        if (body.length == 0) {
            throw ApiException.badRequest("the body is empty; expected a JSON object");
        }
        try {
            JsonParser parser = REQUESTS.createParser(body);
            JsonNode node = REQUESTS.readTree(parser);
            if (parser.nextToken() != null) {
                throw ApiException.badRequest("malformed JSON: unexpected content after the value at line "
                        + parser.currentLocation().getLineNr() + ", column " + parser.currentLocation().getColumnNr());
            }
            return node;
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("malformed JSON at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw ApiException.badRequest("the request body could not be read: " + e.getMessage());
        }
    }

    /** {@code new} and {@code join} take no body; one that is sent must still be JSON (DGEP clients send {}). */
    private void optionalJsonBody(HttpExchange ex) {
        byte[] b = body(ex);
        if (b.length > 0 && !new String(b, StandardCharsets.UTF_8).isBlank()) {
            json(b);
        }
    }

    // ------------------------------------------------------------------ responses

    private static void send(HttpExchange ex, int status, JsonNode body) {
        try {
            byte[] bytes = DgepJson.MAPPER.writeValueAsBytes(body);
            Headers h = ex.getResponseHeaders();
            h.set("Content-Type", "application/json; charset=utf-8");
            h.set("Cache-Control", "no-store");
            h.set("X-Content-Type-Options", "nosniff");
            if (status == 405 && body.has("allow")) {
                List<String> allow = new ArrayList<>();
                body.get("allow").forEach(a -> allow.add(a.asText()));
                h.set("Allow", String.join(", ", allow));
            }
            ex.sendResponseHeaders(status, bytes.length);
            try (OutputStream os = ex.getResponseBody()) {
                os.write(bytes);
            }
        } catch (IOException e) {
            LOG.debug("client went away before the response was sent: {}", e.getMessage());
        }
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
