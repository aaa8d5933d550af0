package dev.parley.server;

import static dev.parley.server.Loopback.q;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** A client of one {@code chat} dialogue: Ann and Ben take turns, move k says "m{k}". */
final class Chat {

    final Loopback http;
    final String id;
    final String ann;
    final String ben;

    Chat(Loopback http, String id, String ann, String ben) {
        this.http = http;
        this.id = id;
        this.ann = ann;
        this.ben = ben;
    }

    static Chat open(Loopback http, String protocol) {
        String id = http.get("/dialogue/new/" + protocol).json().get("dialogueID").asText();
        String ann = http.get("/dialogue/" + id + "/join/Ann").json().get("participantID").asText();
        String ben = http.get("/dialogue/" + id + "/join/Ben").json().get("participantID").asText();
        return new Chat(http, id, ann, ben);
    }

    /** Move k (0-based): Ann on even k, Ben on odd. */
    Loopback.Response say(int k) {
        return say(k % 2 == 0 ? ann : ben, "m" + k);
    }

    Loopback.Response say(String speaker, String text) {
        return http.post("/dialogue/" + id + "/interaction/Say",
                "{\"speaker\": " + q(speaker) + ", \"reply\": {\"p\": " + q(text) + "}}");
    }

    /** The content of every move in the transcript, in order. */
    List<String> said() {
        List<String> out = new ArrayList<>();
        http.get("/dialogue/" + id + "/transcript").json().get("transcript")
                .forEach(m -> out.add(m.get("reply").get("p").asText()));
        return out;
    }

    List<String> snapshot() {
        return List.of(http.get("/dialogue/" + id + "/moves").body(),
                http.get("/dialogue/" + id + "/transcript").body(),
                http.get("/dialogue/" + id + "/status").body(),
                http.get("/dialogue/" + id + "/roles").body());
    }

    /** What simultaneous attempts at one turn came to: the accepted responses, and why each other one was refused. */
    record Race(List<Loopback.Response> won, List<String> refused) {
    }

    /**
     * {@code attempts} tries at Ben's turn, released at once: attempt i says "attempt i" through {@code via.apply(i)}
     * (one server or several). The races of the concurrency and PostgreSQL tests; every attempt not accepted must be
     * refused with 409.
     */
    static Race raceForBensTurn(int attempts, IntFunction<Chat> via) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(attempts);
        try {
            CountDownLatch gate = new CountDownLatch(1);
            List<Future<Loopback.Response>> futures = new ArrayList<>();
            for (int i = 0; i < attempts; i++) {
                Chat chat = via.apply(i);
                String text = "attempt " + i;
                futures.add(pool.submit(() -> {
                    gate.await();
                    return chat.say(chat.ben, text);
                }));
            }
            gate.countDown();
            List<Loopback.Response> won = new ArrayList<>();
            List<String> refused = new ArrayList<>();
            for (Future<Loopback.Response> f : futures) {
                Loopback.Response r = f.get(60, TimeUnit.SECONDS);
                if (r.status() == 200) {
                    won.add(r);
                } else {
                    assertThat(r.status()).as(r.body()).isEqualTo(409);
                    refused.add(r.error());
                }
            }
            return new Race(won, refused);
        } finally {
            pool.shutdown();
        }
    }
}
