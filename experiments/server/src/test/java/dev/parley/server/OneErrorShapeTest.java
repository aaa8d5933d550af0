package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every response with status 400 or above is the API's JSON {@code {"error": ...}}, whatever layer refused it: the
 * requests here are refused by Jetty before Javalin sees them (headers too large, bad UTF-8 in the path, a URI too
 * long, a request line that is not HTTP), by the router (an unknown path, a wrong method) and by the service. Sent
 * over a plain socket, as a client no library would build.
 */
class OneErrorShapeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path dir;
    private static TestServer ts;

    @BeforeAll
    static void start() {
        ts = TestServer.sqlite(dir);
    }

    @AfterAll
    static void stop() {
        ts.close();
    }

    private record Raw(int status, String headers, String body) {
    }

    private static Raw raw(String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", ts.http.base().getPort())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            try {
                while ((n = in.read(buf)) >= 0) {
                    all.write(buf, 0, n);
                }
            } catch (java.net.SocketException e) {
                // the server closes after refusing; what arrived is the answer
            }
            String r = all.toString(StandardCharsets.UTF_8);
            int split = r.indexOf("\r\n\r\n");
            assertThat(split).as("an HTTP response: " + r).isPositive();
            return new Raw(Integer.parseInt(r.substring(9, 12)), r.substring(0, split), r.substring(split + 4));
        }
    }

    /** The status, JSON content, an "error" that is one line of text, and nothing of Jetty's HTML or a trace. */
    private static void apiError(Raw r, int status, String contains) throws IOException {
        assertThat(r.status()).as(r.headers() + "\n" + r.body()).isEqualTo(status);
        assertThat(r.headers().toLowerCase(Locale.ROOT)).contains("content-type: application/json");
        String body = r.body();
        if (r.headers().toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
            body = body.substring(body.indexOf("\r\n") + 2, body.lastIndexOf("\r\n0\r\n"));
        }
        JsonNode j = JSON.readTree(body);
        assertThat(j.path("error").isTextual()).as(body).isTrue();
        assertThat(j.path("error").asText()).contains(contains).doesNotContain("\n");
        assertThat(body).doesNotContain("<html").doesNotContain("\tat ").doesNotContain(".java:");
    }

    private static String get(String target, String extraHeaders) {
        return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extraHeaders + "Connection: close\r\n\r\n";
    }

    @Test
    void headersTooLargeAre431Json() throws IOException {
        apiError(raw(get("/available", "X-Big: " + "a".repeat(70_000) + "\r\n")), 431, "headers are larger");
    }

    @Test
    void badUtf8InThePathIs400Json() throws IOException {
        apiError(raw(get("/dialogue/%ff%fe/moves", "")), 400, "malformed");
    }

    @Test
    void aUriTooLongIs414Json() throws IOException {
        apiError(raw(get("/dialogue/" + "x".repeat(70_000) + "/status", "")), 414, "URI is longer");
    }

    @Test
    void aRequestLineThatIsNotHttpIs400Json() throws IOException {
        apiError(raw("NOT A REQUEST LINE\r\n\r\n"), 400, "malformed");
    }

    @Test
    void theRoutersAndTheServicesRefusalsAreTheSameShape() throws IOException {
        apiError(raw(get("/nothing/here", "")), 404, "no such endpoint");
        apiError(raw("DELETE /available HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"), 405,
                "not allowed");
        apiError(raw(get("/dialogue/AAAA/status", "")), 404, "no dialogue AAAA");
        apiError(raw("POST /dialogue/AAAA/interaction/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                + (TestServer.MAX_BODY + 1) + "\r\nConnection: close\r\n\r\n" + "x".repeat(TestServer.MAX_BODY + 1)),
                413, "larger than the limit");
    }
}
