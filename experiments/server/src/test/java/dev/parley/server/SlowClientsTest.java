package dev.parley.server;

import dev.parley.server.store.DialogueStore;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that open connections and stall (mid-upload, mid-header, mid-chunk) hold connections, not request threads:
 * the server, with 16 request threads, still answers everyone else.
 */
class SlowClientsTest {

    @TempDir
    Path dir;
    TestServer ts;
    final List<Socket> stalled = new ArrayList<>();

    @BeforeEach
    void start() {
        ts = TestServer.sqlite(dir);
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : stalled) {
            s.close();
        }
        ts.close();
    }

    private Socket stall(String head) throws IOException {
        Socket s = new Socket("127.0.0.1", ts.server.port());
        OutputStream out = s.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        stalled.add(s);
        return s;
    }

    @Test
    void sixtyFourStalledConnectionsLeaveHealthAndMovesAnswering() throws Exception {
        Chat chat = Chat.open(ts.http, "chat");
        String move = "/dialogue/" + chat.id + "/interaction/Say";
        for (int i = 0; i < 64; i++) {
            switch (i % 4) {
                // the repro: a PUT /protocol announcing 9 bytes and sending one
                case 0 -> stall("PUT /protocol HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 9\r\n\r\ng");
                case 1 -> stall("POST " + move + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 900\r\n\r\n{\"speaker\"");
                case 2 -> stall("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n"); // headers never finished
                default -> stall("POST " + move + " HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5\r\n{\"sp");
            }
        }
        // a fresh client with a one-second timeout: the answer must arrive, or the request throws
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(1)).build();
        HttpResponse<String> health = client.send(HttpRequest.newBuilder(ts.http.base().resolve("/health"))
                .timeout(Duration.ofSeconds(1)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"status\":\"ok\"");
        HttpResponse<String> said = client.send(HttpRequest.newBuilder(ts.http.base().resolve(move))
                .timeout(Duration.ofSeconds(1)).POST(HttpRequest.BodyPublishers.ofString("{\"speaker\": "
                        + Loopback.q(chat.ann) + ", \"reply\": {\"p\": \"still here\"}}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(said.statusCode()).as(said.body()).isEqualTo(200);
        assertThat(chat.said()).containsExactly("still here");
    }

    @Test
    void aStalledUploadIsDroppedAfterTheIdleTimeout() throws Exception {
        ts.close();
        ProtocolRegistry registry = new ProtocolRegistry();
        try (DialogueService service = new DialogueService(registry, DialogueStore.open(dir.resolve("idle.db")
                .toString(), 1), dev.parley.engine.ExternalConditionResolver.offlineDefault(), 10);
             DialogueServer server = DialogueServer.start(service, new DialogueServer.Config("127.0.0.1", 0, 4096, 4,
                     64, 300, 1_000, null))) {
            try (Socket s = new Socket("127.0.0.1", server.port())) {
                s.getOutputStream().write("PUT /protocol HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 9\r\n\r\ng"
                        .getBytes(StandardCharsets.US_ASCII));
                s.setSoTimeout(20_000);
                InputStream in = s.getInputStream();
                byte[] all;
                try {
                    all = in.readAllBytes(); // ends when the server closes the connection
                } catch (SocketTimeoutException e) {
                    throw new AssertionError("the server kept a stalled upload open for 20 s", e);
                } catch (IOException e) {
                    all = new byte[0]; // reset by the server: dropped too
                }
                String answer = new String(all, StandardCharsets.ISO_8859_1);
                assertThat(answer).startsWith("HTTP/1.1 408");
                // the API's error shape, as every refusal
                assertThat(answer.toLowerCase(java.util.Locale.ROOT)).contains("content-type: application/json");
                assertThat(answer).contains("{\"error\":\"the request body did not arrive within the idle timeout");
            }
        }
        ts = TestServer.sqlite(dir.resolve("again"));
    }
}
