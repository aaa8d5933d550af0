package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");

    @TempDir
    Path dir;
    Process process;

    @AfterEach
    void kill() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Starts {@code parley serve --port 0} in a new JVM and returns the URL it announced. */
    private Loopback serve(Path db) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path protocols = dev.parley.dgdl.Fixtures.dgdlDirectory();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", cp, "dev.parley.cli.Parley", "serve", "--port", "0",
                "--db", db.toString(), "--protocols", protocols.toString());
        pb.redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("server.log").toFile()));
        process = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        String first;
        try {
            first = line.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the server did not start: " + Files.readString(dir.resolve("server.log")), e);
        }
        Matcher m = first == null ? null : LISTENING.matcher(first);
        if (m == null || !m.find()) {
            throw new AssertionError("unexpected first line " + first + "; log: "
                    + Files.readString(dir.resolve("server.log")));
        }
        return new Loopback(URI.create(m.group(1)));
    }

    private void killHard() throws InterruptedException {
        process.destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(137); // 128 + SIGKILL: no orderly shutdown ran
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
