package dev.parley.engine.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.engine.ExternalConditionException;
import dev.parley.engine.ExternalConditionResolver;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Production resolver: POSTs {@code {"id", "uri", "dialogue": state}} as JSON to the condition's URI and reads the
 * answer: DGEP's {@code {"response": bool}}, {@code {"result": bool}}, a JSON boolean, or the text
 * {@code true}/{@code false}. Any other answer, a
 * non-2xx status or the timeout is an {@link ExternalConditionException}, so the move is rolled back.
 */
public final class HttpExternalConditionResolver implements ExternalConditionResolver {

    private static final Logger LOG = LoggerFactory.getLogger(HttpExternalConditionResolver.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpClient client;
    private final Duration timeout;

    public HttpExternalConditionResolver(Duration timeout) {
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    @Override
    public boolean test(String id, String uri, Supplier<JsonNode> state) throws ExternalConditionException {
        String body;
        try {
            body = MAPPER.writeValueAsString(MAPPER.createObjectNode().put("id", id).put("uri", uri)
                    .set("dialogue", state.get()));
        } catch (IOException e) {
            throw new ExternalConditionException("cannot encode the dialogue state for " + id, e);
        }
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(uri)).timeout(timeout)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        } catch (IllegalArgumentException e) {
            throw new ExternalConditionException("external condition " + id + ": bad URI " + uri);
        }
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new ExternalConditionException("external condition " + id + ": no answer from " + uri + " within "
                    + timeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw new ExternalConditionException("external condition " + id + ": " + uri + " unreachable ("
                    + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExternalConditionException("external condition " + id + ": interrupted", e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new ExternalConditionException("external condition " + id + ": " + uri + " answered HTTP "
                    + response.statusCode());
        }
        Boolean result = parse(response.body());
        if (result == null) {
            throw new ExternalConditionException("external condition " + id + ": cannot read answer '"
                    + abbreviate(response.body())
                    + "' (expected {\"response\": true|false}, {\"result\": true|false}, true or false)");
        }
        LOG.debug("external condition {} at {} -> {}", id, uri, result);
        return result;
    }

    private static Boolean parse(String body) {
        String t = body.trim();
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.equals("true") || lower.equals("false")) {
            return Boolean.valueOf(lower);
        }
        try {
            JsonNode n = MAPPER.readTree(t);
            if (n != null && n.isObject() && n.size() == 1) {
                // DGEP's condition services answer {"response": bool}; Parley's earlier form is {"result": bool}.
                JsonNode v = n.has("response") ? n.get("response") : n.get("result");
                if (v != null && v.isBoolean()) {
                    return v.booleanValue();
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
