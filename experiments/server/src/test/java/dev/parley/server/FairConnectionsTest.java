package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.server.store.DialogueStore;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 5: 1,030 half-sent requests from one address kept every other client from {@code /health}, since
 * the server-wide connection limit then stops accepting. Here, at a limit of 32 connections and 8 an address, 40
 * half-sent requests from 127.0.0.1 leave 127.0.0.2 answered at once: the connections over the address's cap are
 * closed as they open. (Linux routes all of 127.0.0.0/8 to loopback: nothing leaves the machine.)
 */
class FairConnectionsTest {

    @TempDir
    Path dir;

    private static Socket from(String local, int port) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(local, 0));
        s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        return s;
    }

    @Test
    void oneAddressHoldingSlowRequestsDoesNotKeepAnotherFromHealth() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try (DialogueService service = new DialogueService(new ProtocolRegistry(), DialogueStore.open(
                dir.resolve("f.db").toString(), new DialogueStore.Options(1, true)),
                dev.parley.engine.ExternalConditionResolver.offlineDefault(), 10);
             DialogueServer server = DialogueServer.start(service, new DialogueServer.Config("127.0.0.1", 0, 4096, 4,
                     32, 30_000, 1_000, null, Exposure.LOCAL, 8))) {
            for (int i = 0; i < 40; i++) {
                Socket s = from("127.0.0.1", server.port());
                // the headers are never finished
                s.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                stalled.add(s);
            }
            Thread.sleep(500);
            try (Socket other = from("127.0.0.2", server.port())) {
                other.setSoTimeout(5_000);
                other.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                String answer;
                try {
                    answer = new String(other.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                } catch (SocketTimeoutException e) {
                    throw new AssertionError("127.0.0.2 had no answer in 5 s while 127.0.0.1 held its connections",
                            e);
                }
                assertThat(answer).startsWith("HTTP/1.1 200").contains("\"status\":\"ok\"");
            }
            // 127.0.0.1 holds at most its 8: the others were closed
            int open = 0;
            for (Socket s : stalled) {
                s.setSoTimeout(100);
                try (InputStream in = s.getInputStream()) {
                    if (in.read() >= 0) {
                        open++; // an answer: still served
                    }
                } catch (SocketTimeoutException e) {
                    open++;
                } catch (IOException e) {
                    // reset: closed by the server
                }
            }
            assertThat(open).isLessThanOrEqualTo(8);
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
    }

    @Test
    void aConnectionThatNeverFinishesItsHeadersIsClosedAtTheHeaderDeadline() throws Exception {
        // an idle timeout of 2 s, so a header deadline of 2 s: a byte every 0.5 s never lets the connection idle
        try (DialogueService service = new DialogueService(new ProtocolRegistry(), DialogueStore.open(
                dir.resolve("h.db").toString(), new DialogueStore.Options(1, true)),
                dev.parley.engine.ExternalConditionResolver.offlineDefault(), 10);
             DialogueServer server = DialogueServer.start(service, new DialogueServer.Config("127.0.0.1", 0, 4096, 4,
                     32, 2_000, 1_000, null));
             Socket slow = from("127.0.0.1", server.port())) {
            String head = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
            long start = System.nanoTime();
            boolean closed;
            try {
                for (int i = 0; i < 10; i++) {
                    slow.getOutputStream().write(head.charAt(Math.min(i, head.length() - 1)));
                    slow.getOutputStream().flush();
                    Thread.sleep(500);
                }
                slow.setSoTimeout(1_000);
                closed = slow.getInputStream().read() < 0;
            } catch (SocketTimeoutException e) {
                closed = false; // still open, waiting for the rest of the headers
            } catch (IOException e) {
                closed = true; // reset: closed by the server
            }
            assertThat(closed).as("the trickling connection is closed").isTrue();
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(10_000);
        }
    }

    @Test
    void connectionsClosedAreNoLongerCounted() throws Exception {
        // the soak's client opens a connection a request: 40 in a row from one address at a cap of 8
        try (DialogueService service = new DialogueService(new ProtocolRegistry(), DialogueStore.open(
                dir.resolve("c.db").toString(), new DialogueStore.Options(1, true)),
                dev.parley.engine.ExternalConditionResolver.offlineDefault(), 10);
             DialogueServer server = DialogueServer.start(service, new DialogueServer.Config("127.0.0.1", 0, 4096, 4,
                     32, 30_000, 1_000, null, Exposure.LOCAL, 8))) {
            for (int i = 0; i < 40; i++) {
                try (Socket s = from("127.0.0.1", server.port())) {
                    s.setSoTimeout(5_000);
                    s.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                    assertThat(answer).as("request " + i).startsWith("HTTP/1.1 200");
                }
            }
        }
    }
}
