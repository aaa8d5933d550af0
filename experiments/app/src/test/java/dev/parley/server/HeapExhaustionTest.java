package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 1: move contents that would exhaust the heap. A server at {@code -Xmx256m} (as the launcher runs
 * it, with {@code -XX:+ExitOnOutOfMemoryError}) gets, from four clients at once, the 250,000-character
 * contents (which ran the old server out of memory after about 195 moves and wedged its writer) and then as much
 * content as the limits allow, dialogue after dialogue, for a bounded time. Every oversized move is refused with 413
 * and every move past a dialogue's limit with 422, the process lives, {@code /health} is ok with its writer, and the
 * store holds exactly the acknowledged moves: each 200 is there with its content, nothing refused is.
 */
@Tag("process")
class HeapExhaustionTest {

    private static final int HUGE = 250_000;
    private static final int LARGE = 30_000;
    private static final long BUDGET_MS = 60_000;

    @TempDir
    Path dir;

    private record Sent(String tag, int status) {
    }

    @Test
    void hugeContentsAreRefusedAndEveryAcknowledgedMoveIsStoredAndNoOtherIs() throws Exception {
        Path db = dir.resolve("heap.db");
        List<Sent> sent = new ArrayList<>();
        try (ServeProcess server = ServeProcess.start(List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError"),
                db.toString(), dir.resolve("server.log"), "--init")) {
            Loopback http = server.http;
            assertThat(http.put("/protocol", TestServer.chatText()).status()).isEqualTo(201);
            long end = System.currentTimeMillis() + BUDGET_MS;
            ConcurrentLinkedQueue<Sent> log = new ConcurrentLinkedQueue<>();
            ExecutorService clients = Executors.newFixedThreadPool(4);
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                int client = c;
                done.add(clients.submit(() -> play(http, client, end, log)));
            }
            for (Future<?> f : done) {
                f.get(BUDGET_MS * 3, TimeUnit.MILLISECONDS);
            }
            clients.shutdown();
            sent.addAll(log);
            assertThat(server.process.isAlive()).as("the server is alive").isTrue();
            Loopback.Response health = http.get("/health");
            assertThat(health.status()).as(health.body()).isEqualTo(200);
            assertThat(health.json().get("writer").asText()).isEqualTo("ok");
            // a small move on a fresh dialogue is served at once, as before the load
            Chat fresh = Chat.open(http, "Chat");
            assertThat(fresh.say(0).status()).isEqualTo(200);
            server.killHard();
        }
        long huge = sent.stream().filter(s -> s.tag().startsWith("huge")).count();
        assertThat(huge).isGreaterThanOrEqualTo(4);
        assertThat(sent.stream().filter(s -> s.tag().startsWith("huge")).map(Sent::status).distinct().toList())
                .containsExactly(413);
        assertThat(sent.stream().filter(s -> s.status() == 422)).isNotEmpty();
        Set<String> acknowledged = new HashSet<>(Set.of("fresh"));
        for (Sent s : sent) {
            if (s.status() == 200) {
                acknowledged.add(s.tag());
            } else {
                assertThat(s.status()).as(s.tag()).isIn(413, 422);
            }
        }
        Set<String> stored = new HashSet<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT reply_json FROM parley_move")) {
            while (rs.next()) {
                String p = Loopback.JSON.readTree(rs.getString(1)).get("p").asText();
                stored.add(p.equals("m0") ? "fresh" : p.substring(0, p.indexOf('|')));
            }
        }
        assertThat(acknowledged).hasSizeGreaterThan(100);
        assertThat(stored).isEqualTo(acknowledged);
    }

    /** One client: a huge move on a new dialogue, then large moves until the dialogue is full, and again. */
    private static void play(Loopback http, int client, long end, ConcurrentLinkedQueue<Sent> log) {
        for (int d = 0; System.currentTimeMillis() < end; d++) {
            Chat chat = Chat.open(http, "Chat");
            String tag = "huge-" + client + "-" + d;
            log.add(new Sent(tag, chat.say(chat.ann, content(tag, HUGE)).status()));
            for (int k = 0; System.currentTimeMillis() < end; k++) {
                tag = "m-" + client + "-" + d + "-" + k;
                int status = chat.say(k % 2 == 0 ? chat.ann : chat.ben, content(tag, LARGE)).status();
                log.add(new Sent(tag, status));
                if (status != 200) {
                    break;
                }
            }
        }
    }

    private static String content(String tag, int chars) {
        StringBuilder sb = new StringBuilder(chars).append(tag).append('|');
        while (sb.length() < chars) {
            sb.append((char) ('a' + sb.length() % 26));
        }
        return sb.toString();
    }
}
