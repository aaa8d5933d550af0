package dev.parley.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A plain HTTP client for the tests: raw JSON strings in, status and body out, as any DGEP client would see. */
final class Loopback {

    static final ObjectMapper JSON = new ObjectMapper();

    record Response(int status, String body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("response is not JSON: " + body, e);
            }
        }

        String error() {
            return json().path("error").asText(null);
        }
    }

    private final URI base;
    private final HttpClient client;

    Loopback(URI base) {
        this.base = base;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
    }

    Response get(String path) {
        return send("GET", path, null);
    }

    Response post(String path, String body) {
        return send("POST", path, body);
    }

    Response put(String path, String body) {
        return send("PUT", path, body);
    }

    Response send(String method, String path, String body) {
        HttpRequest.BodyPublisher pub = body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body);
        return send(HttpRequest.newBuilder(base.resolve(path)).method(method, pub));
    }

    Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = client.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Response(r.statusCode(), r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    URI base() {
        return base;
    }

    /** A JSON string literal. */
    static String q(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
