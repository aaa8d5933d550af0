package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server as its own JVM ({@code parley serve}), killed with SIGKILL ({@link Process#destroyForcibly()}: no
 * shutdown hook runs) and started again on the same SQLite file: every acknowledged move is there, none twice, the
 * dialogue continues exactly where it was, and the participant ids still work.
 */
@Tag("process")
class RestartTest {

    @TempDir
    Path dir;
    ServeProcess server;

    @AfterEach
    void kill() throws InterruptedException {
        if (server != null) {
            server.close();
        }
    }

    /** Starts {@code parley serve --port 0} on {@code db} in a new JVM, all its runs logging to one file. */
    private Loopback serve(Path db) {
        server = ServeProcess.start(db.toString(), dir.resolve("server.log"));
        return server.http;
    }

    private void killHard() throws InterruptedException {
        assertThat(server.killHard()).isEqualTo(137); // 128 + SIGKILL: no orderly shutdown ran
    }

    @Test
    void aKilledServerRestartsWithEveryAcknowledgedMoveOnceAndContinues() throws Exception {
        Path db = dir.resolve("served.db");
        Loopback http = serve(db);
        // an uploaded protocol must survive the restart too
        assertThat(http.put("/protocol", TestServer.chatText()).status()).isEqualTo(201);
        Chat chat = Chat.open(http, "Chat");
        String id = chat.id;
        for (int k = 0; k < 5; k++) {
            assertThat(chat.say(k).status()).isEqualTo(200);
        }
        // a testgame dialogue alongside, half joined
        String tg = http.get("/dialogue/new/testgame").json().get("dialogueID").asText();
        String tgTest2 = http.get("/dialogue/" + tg + "/join/Test2").json().get("participantID").asText();
        List<String> before = chat.snapshot();
        String tgRoles = http.get("/dialogue/" + tg + "/roles").body();
        String tgMoves = http.get("/dialogue/" + tg + "/moves").body();

        // 1. killed between requests: everything is back exactly
        killHard();
        http = serve(db);
        chat = new Chat(http, id, chat.ann, chat.ben);
        assertThat(chat.snapshot()).isEqualTo(before);
        assertThat(http.get("/dialogue/" + tg + "/roles").body()).isEqualTo(tgRoles);
        assertThat(http.get("/dialogue/" + tg + "/moves").body()).isEqualTo(tgMoves);
        assertThat(http.get("/dialogue/" + tg + "/moves/" + tgTest2).json().get("player").asText())
                .isEqualTo("Test2");
        assertThat(http.get("/available").json().get("dgdl").toString()).contains("\"Chat\"");
        // the old tokens still speak, and the turn is where it was (Ben's, move 5)
        assertThat(chat.say(chat.ann, "out of turn").status()).isEqualTo(409);
        for (int k = 5; k < 10; k++) {
            assertThat(chat.say(k).status()).isEqualTo(200);
        }

        // 2. killed while a client is sending moves as fast as it can
        Chat burst = chat;
        AtomicInteger acked = new AtomicInteger(10);
        CompletableFuture<Void> client = CompletableFuture.runAsync(() -> {
            for (int k = 10; ; k++) {
                try {
                    if (burst.say(k).status() != 200) {
                        throw new AssertionError("move " + k + " refused before the kill");
                    }
                    acked.set(k + 1);
                } catch (UncheckedIOException e) {
                    return; // the server died under this request
                }
            }
        });
        while (acked.get() < 25 && !client.isDone()) {
            Thread.sleep(1);
        }
        killHard();
        client.get(30, TimeUnit.SECONDS);
        int acknowledged = acked.get();

        http = serve(db);
        chat = new Chat(http, id, chat.ann, chat.ben);
        List<String> said = chat.said();
        // every acknowledged move is there, in order; at most the one in flight beyond them; none twice
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < acknowledged; k++) {
            expected.add("m" + k);
        }
        assertThat(said.subList(0, acknowledged)).isEqualTo(expected);
        assertThat(said.size()).isBetween(acknowledged, acknowledged + 1);
        if (said.size() > acknowledged) {
            assertThat(said.get(acknowledged)).isEqualTo("m" + acknowledged);
        }
        assertThat(new HashSet<>(said)).hasSize(said.size());
        // and it goes on from there
        int n = said.size();
        for (int k = n; k < n + 4; k++) {
            assertThat(chat.say(k).status()).isEqualTo(200);
        }
        assertThat(chat.said()).hasSize(n + 4);
        assertThat(http.get("/dialogue/" + id + "/status").json().get("moves").asInt()).isEqualTo(n + 4);
    }
}
