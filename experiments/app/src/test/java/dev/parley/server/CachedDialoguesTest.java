package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server holding only a few dialogues in memory ({@code --cached-dialogues}): the others are let go and rebuilt
 * from the store on their next request, and nothing a client sees differs from a server that holds them all, even
 * with requests racing the eviction.
 */
class CachedDialoguesTest {

    @TempDir
    Path dir;

    /** A snapshot every 7 moves, so a rebuild uses a snapshot and replays the log after it. */
    private TestServer server(String name, int cached) {
        return server(name, cached, DialogueService.Settings.defaultCachedMoves());
    }

    private TestServer server(String name, int cached, int cachedMoves) {
        return new TestServer(dir.resolve(name).toString(), new DialogueService.Settings(10_000, 7,
                ProtocolLimits.DEFAULT, 4000, cached, cachedMoves), null);
    }

    /** Five dialogues played round-robin, every move followed by reads; what every read answered, in order. */
    private static List<String> roundRobin(TestServer ts, int dialogues, int moves) {
        List<Chat> chats = new ArrayList<>();
        for (int i = 0; i < dialogues; i++) {
            chats.add(Chat.open(ts.http, "chat"));
        }
        List<String> seen = new ArrayList<>();
        for (int k = 0; k < moves; k++) {
            for (Chat c : chats) {
                Loopback.Response r = c.say(k);
                assertThat(r.status()).as(r.body()).isEqualTo(200);
                seen.add(anonymous(r.body(), c));
                seen.add(anonymous(ts.http.get("/dialogue/" + c.id + "/moves").body(), c));
            }
        }
        for (Chat c : chats) {
            assertThat(c.said()).hasSize(moves);
            for (int k = 0; k < moves; k++) {
                assertThat(c.said().get(k)).isEqualTo("m" + k);
            }
            c.snapshot().forEach(body -> seen.add(anonymous(body, c)));
        }
        return seen;
    }

    /** A response with the dialogue's id and its participants' tokens, which differ from run to run, taken out. */
    private static String anonymous(String body, Chat c) {
        return body.replace(c.id, "ID").replace(c.ann, "ANN").replace(c.ben, "BEN");
    }

    @Test
    void fiveDialoguesThroughACacheOfTwoAnswerExactlyAsWithEveryDialogueHeld() {
        List<String> whole;
        try (TestServer ts = server("whole.db", 100)) {
            whole = roundRobin(ts, 5, 16);
            assertThat(ts.service.reloads()).isZero();
        }
        try (TestServer ts = server("cached.db", 2)) {
            List<String> cached = roundRobin(ts, 5, 16);
            assertThat(cached).isEqualTo(whole);
            assertThat(ts.service.heldDialogues()).isLessThanOrEqualTo(2);
            // round-robin over more dialogues than are held: every visit rebuilt the dialogue
            assertThat(ts.service.reloads()).isGreaterThanOrEqualTo(5L * 16);
            assertThat(ts.http.get("/health").json().get("dialogues").asInt()).isEqualTo(5);
        }
        // and a restart on the cached server's store serves the same
        try (TestServer ts = server("cached.db", 2)) {
            assertThat(ts.service.dialogueIds()).hasSize(5);
            for (String id : ts.service.dialogueIds()) {
                assertThat(ts.service.transcript(id)).hasSize(16);
            }
        }
    }

    @Test
    void aBoundOnTheMovesHeldLetsGoOfDialoguesAsTheyGrow() {
        List<String> whole;
        try (TestServer ts = server("whole-moves.db", 100)) {
            whole = roundRobin(ts, 5, 16);
        }
        // room for any number of dialogues, but 30 moves in all: two dialogues of 16 moves do not fit
        try (TestServer ts = server("moves.db", 100, 30)) {
            List<String> cached = roundRobin(ts, 5, 16);
            assertThat(cached).isEqualTo(whole);
            assertThat(ts.service.heldMoves()).isLessThanOrEqualTo(30);
            assertThat(ts.service.heldDialogues()).isEqualTo(1);
            // the five fit while they weigh at most 6 each (5 moves), so the first five rounds rebuild nothing;
            // from the sixth on, fewer than five fit and round-robin rebuilds on every visit
            assertThat(ts.service.reloads()).isBetween(5L * 10, 5L * 16 - 1);
        }
    }

    @Test
    void concurrentRequestsForALetGoDialogueRebuildItOnce() throws Exception {
        try (TestServer ts = server("once.db", 2)) {
            Chat target = Chat.open(ts.http, "chat");
            for (int k = 0; k < 10; k++) {
                assertThat(target.say(k).status()).isEqualTo(200);
            }
            Chat.open(ts.http, "chat");
            Chat.open(ts.http, "chat"); // the target is now the least recently used of three: let go
            assertThat(ts.service.heldDialogues()).isEqualTo(2);
            long before = ts.service.reloads();
            int threads = 12;
            CyclicBarrier start = new CyclicBarrier(threads);
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<Loopback.Response>> answers = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    answers.add(pool.submit(() -> {
                        start.await(10, TimeUnit.SECONDS);
                        return ts.http.get("/dialogue/" + target.id + "/status");
                    }));
                }
                for (Future<Loopback.Response> a : answers) {
                    Loopback.Response r = a.get(30, TimeUnit.SECONDS);
                    assertThat(r.status()).as(r.body()).isEqualTo(200);
                    assertThat(r.json().get("moves").asInt()).isEqualTo(10);
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(ts.service.reloads() - before).as("rebuilds of the one dialogue").isEqualTo(1);
        }
    }

    /**
     * Movers race on one dialogue while another thread keeps it being let go (by using three others through a
     * cache of two). Each attempt says words of its own, so every accepted move must be in the transcript exactly
     * once, no refused one at all, and a mover must find its accepted move in the very next transcript it reads.
     */
    @Test
    void movesRacingTheEvictionOfTheirDialogueAreNeitherLostNorDoubled() throws Exception {
        List<String> accepted = Collections.synchronizedList(new ArrayList<>());
        String targetId;
        try (TestServer ts = server("race.db", 2)) {
            Chat target = Chat.open(ts.http, "chat");
            targetId = target.id;
            List<Chat> others = List.of(Chat.open(ts.http, "chat"), Chat.open(ts.http, "chat"),
                    Chat.open(ts.http, "chat"));
            AtomicBoolean stop = new AtomicBoolean();
            List<String> problems = Collections.synchronizedList(new ArrayList<>());
            int movers = 6;
            int goal = 60;
            ExecutorService pool = Executors.newFixedThreadPool(movers + 1);
            long reloadsBefore = ts.service.reloads();
            // each move takes a while between its acceptance and its commit, so that letting the dialogue go then
            // (were it let go while busy) would be seen
            ts.service.beforeStoringMove = () -> {
                try {
                    Thread.sleep(15);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            try {
                Future<?> evictor = pool.submit(() -> {
                    int i = 0;
                    while (!stop.get()) {
                        Loopback.Response r = ts.http.get("/dialogue/" + others.get(i++ % 3).id + "/status");
                        if (r.status() != 200) {
                            problems.add("status of another dialogue: " + r.status() + " " + r.body());
                        }
                        // paced, so that a copy rebuilt meanwhile would be held long enough to be read from
                        Thread.sleep(8);
                    }
                    return null;
                });
                List<Future<?>> work = new ArrayList<>();
                for (int t = 0; t < movers; t++) {
                    int mover = t;
                    work.add(pool.submit(() -> {
                        for (int n = 0; accepted.size() < goal; n++) {
                            int k = ts.http.get("/dialogue/" + target.id + "/status").json().get("moves").asInt();
                            String words = "t" + mover + "-" + n;
                            Loopback.Response r = target.say(k % 2 == 0 ? target.ann : target.ben, words);
                            if (r.status() == 200) {
                                accepted.add(words);
                                if (!target.said().contains(words)) {
                                    problems.add(words + " was accepted, then missing from the transcript");
                                }
                            } else if (r.status() != 409) {
                                problems.add(words + ": " + r.status() + " " + r.body());
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : work) {
                    f.get(120, TimeUnit.SECONDS);
                }
                stop.set(true);
                evictor.get(30, TimeUnit.SECONDS);
            } finally {
                stop.set(true);
                pool.shutdownNow();
            }
            assertThat(problems).isEmpty();
            List<String> said = target.said();
            assertThat(said).hasSize(accepted.size()).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(accepted);
            assertThat(said.size()).isGreaterThanOrEqualTo(goal);
            // the target was let go and rebuilt while it was being played, or this test proved nothing
            assertThat(ts.service.reloads() - reloadsBefore).isGreaterThan(10);
            assertThat(ts.service.heldDialogues()).isLessThanOrEqualTo(2);
        }
        // the store agrees, after a restart that holds every dialogue
        try (TestServer ts = server("race.db", 100)) {
            List<String> stored = ts.service.transcript(targetId).stream().map(e -> e.move().reply().get("p"))
                    .toList();
            assertThat(stored).hasSize(accepted.size()).containsExactlyInAnyOrderElementsOf(accepted);
        }
    }

    @Test
    void aCacheOfFewerThanOneDialogueIsRefusedBeforeTheServerStarts() throws Exception {
        Path db = dir.resolve("never.db");
        for (String bad : List.of("0", "-3")) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = dev.parley.cli.Parley.execute(new PrintWriter(out), new PrintWriter(err), "serve", "--port",
                    "0", "--db", db.toString(), "--cached-dialogues", bad);
            assertThat(code).isEqualTo(2);
            assertThat(err.toString().strip()).isEqualTo("parley: --cached-dialogues must be at least 1, got " + bad);
        }
        StringWriter movesErr = new StringWriter();
        assertThat(dev.parley.cli.Parley.execute(new PrintWriter(new StringWriter()), new PrintWriter(movesErr),
                "serve", "--port", "0", "--db", db.toString(), "--cached-moves", "0")).isEqualTo(2);
        assertThat(movesErr.toString().strip()).isEqualTo("parley: --cached-moves must be at least 1, got 0");
        StringWriter err = new StringWriter();
        int code = dev.parley.cli.Parley.execute(new PrintWriter(new StringWriter()), new PrintWriter(err), "serve",
                "--port", "0", "--db", db.toString(), "--cached-dialogues", "many");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--cached-dialogues").contains("many");
        assertThat(Files.exists(db)).as("no store was opened").isFalse();
    }
}
