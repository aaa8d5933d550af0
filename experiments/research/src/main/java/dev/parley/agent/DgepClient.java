package dev.parley.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A client of a DGEP-compatible server ({@code parley serve}, or DGEP itself) over {@code java.net.http}: the calls
 * an agent needs, with the answers as records. A refusal becomes an {@link AgentException} carrying the status and
 * the server's message.
 */
public final class DgepClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What {@code join} answered: the participant token and the seat. */
    public record Joined(String participantId, String player, String protocolPlayer) {
    }

    /** A legal move as the server lists it. */
    public record ServedMove(String moveId, String opener, Map<String, String> reply, String target,
                             List<String> targets) {
    }

    /** A transcript entry. */
    public record Said(int index, String player, String moveId, Map<String, String> reply, String target,
                       String text) {
    }

    private final URI base;
    private final HttpClient http;
    private final Duration timeout;

    public DgepClient(URI base, Duration timeout) {
        String s = base.toString();
        this.base = URI.create(s.endsWith("/") ? s : s + "/");
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    }

    public URI base() {
        return base;
    }

    public String newDialogue(String protocol) {
        return call("GET", "dialogue/new/" + seg(protocol), null).get("dialogueID").asText();
    }

    public Joined join(String dialogueId, String role) {
        JsonNode j = call("GET", "dialogue/" + seg(dialogueId) + "/join/" + seg(role), null);
        return new Joined(j.get("participantID").asText(), j.get("player").asText(),
                j.path("protocolPlayer").asText(j.get("player").asText()));
    }

    public List<ServedMove> moves(String dialogueId, String participantId) {
        JsonNode j = call("GET", "dialogue/" + seg(dialogueId) + "/moves/" + seg(participantId), null);
        List<ServedMove> out = new ArrayList<>();
        for (JsonNode m : j.get("moves")) {
            List<String> targets = new ArrayList<>();
            m.path("targets").forEach(t -> targets.add(t.asText()));
            out.add(new ServedMove(m.get("moveID").asText(), m.path("opener").asText(""), strings(m.get("reply")),
                    m.hasNonNull("target") ? m.get("target").asText() : null, targets));
        }
        return out;
    }

    public List<Said> transcript(String dialogueId) {
        JsonNode j = call("GET", "dialogue/" + seg(dialogueId) + "/transcript", null);
        List<Said> out = new ArrayList<>();
        for (JsonNode m : j.get("transcript")) {
            out.add(said(m));
        }
        return out;
    }

    /** True while the dialogue accepts moves. */
    public boolean active(String dialogueId) {
        return "active".equals(call("GET", "dialogue/" + seg(dialogueId) + "/status", null).get("status").asText());
    }

    /** Performs a move; returns the transcript entry the server recorded. */
    public Said interact(String dialogueId, String participantId, String moveId, Map<String, String> reply,
                         String target) {
        return interact(dialogueId, participantId, moveId, reply, target, null);
    }

    /**
     * A move with its words: {@code reply} holds the content variables, {@code text} the words said (free text,
     * stored with the move and returned as the transcript's {@code text}); null sends none, and the transcript then
     * shows the protocol's locution.
     */
    public Said interact(String dialogueId, String participantId, String moveId, Map<String, String> reply,
                         String target, String text) {
        ObjectNode body = JSON.createObjectNode().put("speaker", participantId);
        if (text != null) {
            body.put("text", text);
        }
        ObjectNode r = body.putObject("reply");
        reply.forEach(r::put);
        if (target != null) {
            body.put("target", target);
        }
        JsonNode j = call("POST", "dialogue/" + seg(dialogueId) + "/interaction/" + seg(moveId), body.toString());
        return said(j.get("move"));
    }

    private static Said said(JsonNode m) {
        return new Said(m.get("index").asInt(), m.get("player").asText(), m.get("moveID").asText(),
                strings(m.get("reply")), m.hasNonNull("target") ? m.get("target").asText() : null,
                m.path("text").asText(""));
    }

    private static Map<String, String> strings(JsonNode o) {
        Map<String, String> out = new LinkedHashMap<>();
        if (o != null) {
            o.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        }
        return out;
    }

    /** What went wrong, in words: the JDK's connection errors often carry no message at all. */
    private String why(IOException e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof java.nio.channels.UnresolvedAddressException) {
                return "unknown host " + base.getHost();
            }
        }
        if (e instanceof java.net.ConnectException) {
            return "connection refused (is a Parley or DGEP server running there?)";
        }
        if (e instanceof java.net.http.HttpTimeoutException) {
            return "no answer within " + timeout.toSeconds() + " s";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static String seg(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private JsonNode call(String method, String path, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
                .header("Accept", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        HttpResponse<String> r;
        try {
            r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AgentException("cannot reach " + base + ": " + why(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException("interrupted while talking to " + base);
        }
        JsonNode j;
        try {
            j = JSON.readTree(r.body());
        } catch (JsonProcessingException e) {
            throw new AgentException(r.statusCode(), method + " /" + path.replaceAll("/moves/.*", "/moves/…")
                    + ": HTTP " + r.statusCode() + ", not JSON");
        }
        if (r.statusCode() / 100 != 2) {
            throw new AgentException(r.statusCode(), "HTTP " + r.statusCode() + ": " + j.path("error").asText(
                    r.body()));
        }
        return j;
    }
}
