package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 4 (and the method override of finding 8): a server without an operator token, where "this
 * machine" is the operator. A web page the local user opens is on this machine too: its cross-site form posts,
 * {@code text/plain} posts and cross-site navigations, and a DNS-rebinding page's requests (its own host name in
 * {@code Host}) are refused; so is a request that came through a local reverse proxy the operator did not name, and
 * a method override header. The server's own pages (same origin, JSON) and plain clients keep working.
 */
class CrossSiteTest {

    @TempDir
    Path dir;
    private TestServer ts;

    @AfterEach
    void stop() {
        if (ts != null) {
            ts.close();
        }
    }

    private TestServer server(Exposure exposure) {
        return new TestServer(dir.resolve("x.db").toString(), DialogueService.Settings.defaults(100), null, 5_000,
                exposure);
    }

    private Loopback.Response send(String method, String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(ts.http.base().resolve(path)).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return ts.http.send(b);
    }

    /** A request with a Host header of the test's choice, which Java's HTTP client will not send: status line. */
    private String raw(String method, String path, String host, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        try (Socket s = new Socket("127.0.0.1", ts.server.port())) {
            OutputStream out = s.getOutputStream();
            out.write((method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Length: " + b.length
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(b);
            out.flush();
            InputStream in = s.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return answer.substring(0, answer.indexOf("\r\n"));
        }
    }

    private int dialogues() {
        return ts.service.dialogueIds().size();
    }

    @Test
    void crossSiteFormsAndNavigationsChangeNothing() {
        ts = server(Exposure.LOCAL);
        // a form on http://evil.example posting to this server (a browser sends its Origin and a form type)
        Loopback.Response form = send("POST", "/dialogue/new/chat", "x=1", "Origin", "http://evil.example",
                "Content-Type", "application/x-www-form-urlencoded");
        assertThat(form.status()).as(form.body()).isEqualTo(403);
        assertThat(send("POST", "/dialogue/new/chat", "{}", "Origin", "null", "Content-Type", "application/json")
                .status()).isEqualTo(403);
        // the simple content types a form or a no-preflight fetch can send, whatever the origin says
        Loopback.Response plain = send("POST", "/dialogue/new/chat", "{}", "Content-Type", "text/plain");
        assertThat(plain.status()).as(plain.body()).isEqualTo(415);
        assertThat(send("POST", "/dialogue/new/chat", "{}", "Content-Type", "multipart/form-data; boundary=x")
                .status()).isEqualTo(415);
        // a method no route answers is still 405, whatever its content type
        assertThat(send("DELETE", "/protocol", "x", "Content-Type", "text/plain").status()).isEqualTo(405);
        assertThat(send("POST", "/protocol", "x", "Content-Type", "text/plain").status()).isEqualTo(405);
        // an <img> or a link on another site: a GET that would create a dialogue, or take a seat
        assertThat(send("GET", "/dialogue/new/chat", null, "Sec-Fetch-Site", "cross-site").status())
                .isEqualTo(403);
        assertThat(dialogues()).isZero();

        // the server's own pages and plain clients: unchanged
        String origin = "http://127.0.0.1:" + ts.server.port();
        assertThat(send("POST", "/dialogue/new/chat", "{}", "Origin", origin, "Sec-Fetch-Site", "same-origin",
                "Content-Type", "application/json").status()).isEqualTo(200);
        String id = ts.http.get("/dialogue/new/chat").json().get("dialogueID").asText();
        assertThat(send("GET", "/dialogue/" + id + "/join/Ann", null, "Sec-Fetch-Site", "cross-site").status())
                .isEqualTo(403);
        assertThat(ts.http.get("/dialogue/" + id + "/join/Ann").status()).isEqualTo(200);
        // reading is not changing: another site may link to a transcript
        assertThat(send("GET", "/dialogue/" + id + "/transcript", null, "Sec-Fetch-Site", "cross-site").status())
                .isEqualTo(200);
        assertThat(dialogues()).isEqualTo(2);
    }

    @Test
    void aRebindingPagesHostIsRefused() throws IOException {
        ts = server(Exposure.LOCAL);
        assertThat(raw("PUT", "/protocol", "rebind.evil.example:" + ts.server.port(), TestServer.chatText()
                .replace("game(id:Chat", "game(id:Rebound"))).contains(" 403 ");
        assertThat(raw("GET", "/dialogue/new/chat", "rebind.evil.example", "")).contains(" 403 ");
        assertThat(ts.service.available()).doesNotContain("Rebound");
        assertThat(dialogues()).isZero();
        // this machine's names and addresses are the server's
        assertThat(raw("GET", "/dialogue/new/chat", "localhost:" + ts.server.port(), "")).contains(" 200 ");
        assertThat(raw("GET", "/available", "[::1]:" + ts.server.port(), "")).contains(" 200 ");
    }

    @Test
    void aPublicUrlsHostAndOriginAreTheServers() throws IOException {
        ts = server(new Exposure(List.of(java.net.URI.create("https://parley.example.org")), List.of()));
        assertThat(raw("GET", "/available", "parley.example.org", "")).contains(" 200 ");
        assertThat(raw("GET", "/available", "other.example.org", "")).contains(" 403 ");
        // a public server has no "this machine" operator: without a token, no one creates
        assertThat(ts.http.get("/dialogue/new/chat").status()).isEqualTo(403);
    }

    @Test
    void noMethodOverride() {
        ts = server(Exposure.LOCAL);
        String dgdl = TestServer.chatText().replace("game(id:Chat", "game(id:Overridden");
        for (String h : new String[] {"X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override"}) {
            Loopback.Response r = send("GET", "/protocol", dgdl, h, "PUT");
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.error()).contains(h);
        }
        assertThat(ts.service.available()).doesNotContain("Overridden");
    }

    @Test
    void aLocalProxyDoesNotMakeEveryClientThisMachine() {
        ts = server(Exposure.LOCAL);
        // a proxy on this machine that forwards a remote client: it says so, and is not named as trusted
        assertThat(send("GET", "/dialogue/new/chat", null, "X-Forwarded-For", "203.0.113.9").status())
                .isEqualTo(403);
        assertThat(send("GET", "/dialogue/new/chat", null, "Forwarded", "for=203.0.113.9").status())
                .isEqualTo(403);
        assertThat(dialogues()).isZero();
        ts.close();
        ts = server(new Exposure(List.of(), List.of("127.0.0.1")));
        // a trusted proxy: the client is the address it forwards, remote here, local there
        assertThat(send("GET", "/dialogue/new/chat", null, "X-Forwarded-For", "127.0.0.1, 203.0.113.9").status())
                .isEqualTo(403);
        assertThat(send("GET", "/dialogue/new/chat", null).status()).isEqualTo(403);
        assertThat(send("GET", "/dialogue/new/chat", null, "X-Forwarded-For", "127.0.0.1").status())
                .isEqualTo(200);
    }
}
