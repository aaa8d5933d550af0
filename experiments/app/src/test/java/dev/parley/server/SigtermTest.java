package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a {@code parley serve} child while clients send moves as fast as they can and one move is half
 * uploaded: the half-sent move, finished after the signal, is answered 200 and stored; every other request either
 * was acknowledged or fails cleanly (503, or a closed connection once the server stopped listening); the process
 * exits 0 within the grace period; a restart on the same SQLite file serves every dialogue with every acknowledged
 * move once, and the dialogues go on.
 */
@Tag("process")
class SigtermTest {

    private static final int CLIENTS = 4;

    @TempDir
    Path dir;

    @Test
    void sigtermWithMovesInFlightStopsCleanlyAndARestartServesEveryDialogue() throws Exception {
        String db = dir.resolve("served.db").toString();
        List<Chat> chats = new ArrayList<>();
        Chat slow;
        AtomicIntegerArray acked = new AtomicIntegerArray(CLIENTS);
        AtomicIntegerArray lost = new AtomicIntegerArray(CLIENTS); // 1: a request died with its connection
        Queue<String> unexpected = new ConcurrentLinkedQueue<>();
        Queue<Integer> refused = new ConcurrentLinkedQueue<>();
        long stopMillis;
        try (ServeProcess a = ServeProcess.start(db, dir.resolve("a.log"))) {
            assertThat(a.http.put("/protocol", TestServer.chatText()).status()).isEqualTo(201);
            for (int i = 0; i < CLIENTS; i++) {
                chats.add(Chat.open(a.http, "Chat"));
            }
            slow = Chat.open(a.http, "Chat");
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            for (int i = 0; i < CLIENTS; i++) {
                int c = i;
                pool.submit(() -> {
                    for (int k = 0; ; k++) {
                        try {
                            Loopback.Response r = chats.get(c).say(k);
                            if (r.status() == 200) {
                                acked.set(c, k + 1);
                            } else {
                                if (r.status() == 503) {
                                    refused.add(c);
                                } else {
                                    unexpected.add("client " + c + " move " + k + ": " + r.status() + " " + r.body());
                                }
                                return;
                            }
                        } catch (UncheckedIOException e) {
                            lost.set(c, 1); // the server closed the connection under this request
                            return;
                        }
                    }
                });
            }
            while (total(acked) < 40 && unexpected.isEmpty()) {
                Thread.sleep(5);
            }

            try (HalfSentMove move = new HalfSentMove(a.http.base().getPort(), slow.id, slow.ann)) {
                Thread.sleep(1_000); // the headers are read and the request dispatched well within this
                long signalled = System.nanoTime();
                a.process.destroy(); // SIGTERM
                // bounded wait until new requests are refused: the server is stopping with our move in flight
                boolean stopping = false;
                for (int i = 0; i < 200 && !stopping; i++) {
                    stopping = refusesNewRequests(a.http.base().getPort());
                    if (!stopping) {
                        Thread.sleep(20);
                    }
                }
                assertThat(stopping).as("new requests refused after SIGTERM").isTrue();
                assertThat(a.process.isAlive()).as("still serving the move in flight").isTrue();
                assertThat(move.finish()).startsWith("HTTP/1.1 200").contains("in flight");
                assertThat(a.process.waitFor(30, TimeUnit.SECONDS)).as("exited after SIGTERM").isTrue();
                stopMillis = (System.nanoTime() - signalled) / 1_000_000;
                assertThat(a.process.exitValue()).as("exit code after SIGTERM").isZero();
            }
            pool.shutdown();
            assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(unexpected).as("answers other than 200 and 503").isEmpty();
        // the grace period is 10 s; the JVM's own exit comes on top
        assertThat(stopMillis).as("ms from SIGTERM to exit").isLessThan(20_000);

        try (ServeProcess b = ServeProcess.start(db, dir.resolve("b.log"))) {
            assertThat(b.http.get("/health").json().get("dialogues").asInt()).isEqualTo(CLIENTS + 1);
            assertThat(new Chat(b.http, slow.id, slow.ann, slow.ben).said()).containsExactly("in flight");
            for (int c = 0; c < CLIENTS; c++) {
                Chat again = new Chat(b.http, chats.get(c).id, chats.get(c).ann, chats.get(c).ben);
                List<String> said = again.said();
                int n = acked.get(c);
                List<String> expected = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    expected.add("m" + k);
                }
                // every acknowledged move, in order, once; beyond them only a move whose answer was lost with its
                // connection (a 503 is a move not made)
                assertThat(said.subList(0, n)).as("client " + c).isEqualTo(expected);
                assertThat(said.size()).as("client " + c).isBetween(n, n + lost.get(c));
                assertThat(new HashSet<>(said)).hasSize(said.size());
                assertThat(again.say(said.size()).status()).isEqualTo(200);
            }
        }
        System.out.printf("SigtermTest: %d moves acknowledged before SIGTERM, %d clients refused with 503, %d lost "
                + "a connection; exit 0 %d ms after the signal%n", total(acked), refused.size(), total(lost),
                stopMillis);
    }

    /**
     * Whether a new request is refused: answered 503, or not answered within a second (once Jetty stops accepting,
     * the kernel may still complete a connection that no one then reads), or not connected at all.
     */
    private static boolean refusesNewRequests(int port) {
        try (Socket probe = new Socket()) {
            probe.connect(new java.net.InetSocketAddress("127.0.0.1", port), 1_000);
            probe.setSoTimeout(1_000);
            probe.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            byte[] head = new byte[12];
            int n = probe.getInputStream().readNBytes(head, 0, head.length);
            return n < head.length || new String(head, StandardCharsets.US_ASCII).equals("HTTP/1.1 503");
        } catch (java.io.IOException e) {
            return true;
        }
    }

    private static int total(AtomicIntegerArray a) {
        int t = 0;
        for (int i = 0; i < a.length(); i++) {
            t += a.get(i);
        }
        return t;
    }
}
