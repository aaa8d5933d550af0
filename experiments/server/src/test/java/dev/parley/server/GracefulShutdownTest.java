package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stopping the server (what SIGTERM does): a move in flight finishes and is stored, new requests are refused. */
class GracefulShutdownTest {

    private static final long STOP_TIMEOUT_MILLIS = 120_000;

    @TempDir
    Path dir;

    @Test
    void aMoveInFlightFinishesAndNewRequestsAreRefused() throws Exception {
        // a stop timeout far longer than the test's own steps: on a loaded machine the wait for refusals below can
        // take seconds, and a move still unread when the timeout ends is (rightly) cut off, which is not this test
        TestServer ts = TestServer.sqlite(dir, STOP_TIMEOUT_MILLIS);
        Chat chat = Chat.open(ts.http, "chat");
        assertThat(chat.say(0).status()).isEqualTo(200);
        // Jetty counts a request out only after its answer has gone, so the move above may still be counted here;
        // wait (bounded) for it to leave, or the count below could be its and not the half-sent move's
        for (int i = 0; i < 500 && ts.server.requestsInFlight() > 0; i++) {
            Thread.sleep(10);
        }
        assertThat(ts.server.requestsInFlight()).as("requests in flight before the half-sent move").isZero();
        try (HalfSentMove move = new HalfSentMove(ts.server.port(), chat.id, chat.ben)) {
            // wait (bounded) until the server has taken the request in: it is in flight
            for (int i = 0; i < 500 && ts.server.requestsInFlight() == 0; i++) {
                Thread.sleep(10);
            }
            assertThat(ts.server.requestsInFlight()).isEqualTo(1);
            long stopAt = System.nanoTime();
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(ts.server::close);
            // wait (bounded) until the server refuses new requests: it is shutting down with our move in flight
            boolean refused = false;
            for (int i = 0; i < 200 && !refused; i++) {
                try {
                    refused = new Loopback(ts.http.base()).get("/health").status() == 503;
                } catch (UncheckedIOException e) {
                    refused = true; // no longer accepting connections
                }
                if (!refused) {
                    Thread.sleep(20);
                }
            }
            assertThat(refused).as("new requests refused while stopping").isTrue();
            assertThat(stopping).isNotDone();
            assertThat((System.nanoTime() - stopAt) / 1_000_000).as("ms since the stop began")
                    .isLessThan(STOP_TIMEOUT_MILLIS);
            assertThat(move.finish()).startsWith("HTTP/1.1 200").contains("in flight");
            stopping.get(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        }
        ts.service.close();
        try (TestServer again = TestServer.sqlite(dir)) {
            assertThat(new Chat(again.http, chat.id, chat.ann, chat.ben).said()).containsExactly("m0", "in flight");
        }
    }

    @Test
    void idleKeepAliveConnectionsDoNotHoldTheStopForTheGracePeriod() throws Exception {
        // nothing in flight, one idle keep-alive connection open: Jetty alone would keep it for the shutdown idle
        // timeout (here the 30 s idle timeout, under the 120 s stop timeout) before stopping
        TestServer ts = TestServer.sqlite(dir, STOP_TIMEOUT_MILLIS);
        assertThat(ts.http.get("/health").status()).isEqualTo(200);
        for (int i = 0; i < 500 && ts.server.requestsInFlight() > 0; i++) {
            Thread.sleep(10);
        }
        assertThat(ts.server.requestsInFlight()).isZero();
        assertThat(ts.server.connectionsOpen()).as("the client's keep-alive connection").isEqualTo(1);
        // bounded at half the idle timeout, which the stop waited for before
        CompletableFuture.runAsync(ts.server::close).get(15, TimeUnit.SECONDS);
        assertThat(ts.server.connectionsOpen()).isZero();
        ts.service.close();
    }
}
