package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Races on one dialogue are serialised; different dialogues proceed side by side. */
class ConcurrencyTest extends SqliteServerTest {

    @Test
    void fiftyConcurrentAttemptsAtTheSameTurnAcceptExactlyOne() throws Exception {
        Chat chat = Chat.open(ts.http, "chat");
        assertThat(chat.say(0).status()).isEqualTo(200);
        // Ben has the floor: 50 attempts at this turn, each with its own content, released at once (as if 50 clients
        // shared Ben's participant id, or one client retried impatiently)
        Chat.Race race = Chat.raceForBensTurn(50, i -> chat);
        assertThat(race.won()).hasSize(1);
        // the 49 losers saw the winner's move: the floor had passed to Ann
        assertThat(race.refused()).hasSize(49).containsOnly("it is not Ben's turn: the speaker is Ann");
        String winner = race.won().get(0).json().get("move").get("reply").get("p").asText();
        assertThat(chat.said()).containsExactly("m0", winner);
        assertThat(race.won().get(0).json().get("move").get("player").asText()).isEqualTo("Ben");
    }

    @Test
    void differentDialoguesProceedInParallel() throws Exception {
        int dialogues = 12;
        int moves = 10;
        List<Chat> chats = new ArrayList<>();
        for (int i = 0; i < dialogues; i++) {
            chats.add(Chat.open(ts.http, "chat"));
        }
        ExecutorService pool = Executors.newFixedThreadPool(dialogues);
        CountDownLatch gate = new CountDownLatch(1);
        List<Future<List<Integer>>> runs = new ArrayList<>();
        for (Chat c : chats) {
            runs.add(pool.submit(() -> {
                gate.await();
                List<Integer> statuses = new ArrayList<>();
                for (int k = 0; k < moves; k++) {
                    statuses.add(c.say(k).status());
                }
                return statuses;
            }));
        }
        gate.countDown();
        for (Future<List<Integer>> f : runs) {
            assertThat(f.get()).hasSize(moves).containsOnly(200);
        }
        pool.shutdown();
        List<String> expected = new ArrayList<>();
        for (int k = 0; k < moves; k++) {
            expected.add("m" + k);
        }
        for (Chat c : chats) {
            assertThat(c.said()).isEqualTo(expected);
        }
    }
}
