package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 1, over HTTP: a move's content is bounded in bytes (413) and a dialogue's content too (422),
 * each refused before anything is stored; the working set counts content bytes, so many large dialogues are let go
 * of memory where as many small ones would be held. The old server took any content up to the body limit.
 */
class ContentLimitsTest {

    @TempDir
    Path dir;
    private TestServer ts;

    @AfterEach
    void stop() {
        if (ts != null) {
            ts.close();
        }
    }

    private static String of(int bytes, char c) {
        return String.valueOf(c).repeat(bytes);
    }

    @Test
    void aMoveOverItsLimitGets413AndADialogueOverItsLimit422AndNeitherIsStored() {
        ts = new TestServer(dir.resolve("c.db").toString(), DialogueService.Settings.defaults(100)
                .withContentLimits(1000, 2500), null);
        Chat chat = Chat.open(ts.http, "chat");
        Loopback.Response big = chat.say(chat.ann, of(1001, 'x'));
        assertThat(big.status()).as(big.body()).isEqualTo(413);
        assertThat(big.error()).contains("over the limit of 1000");
        // the limit counts UTF-8 bytes: 334 three-byte characters are 1002 bytes (plus the name "p")
        assertThat(chat.say(chat.ann, of(334, '€')).status()).isEqualTo(413);
        assertThat(chat.said()).isEmpty();
        assertThat(chat.say(chat.ann, of(900, 'a')).status()).isEqualTo(200);
        assertThat(chat.say(chat.ben, of(900, 'b')).status()).isEqualTo(200);
        Loopback.Response full = chat.say(chat.ann, of(900, 'c'));
        assertThat(full.status()).as(full.body()).isEqualTo(422);
        assertThat(full.error()).contains("dialogue content");
        assertThat(chat.said()).containsExactly(of(900, 'a'), of(900, 'b'));
        // what is left of the dialogue's allowance is still usable
        assertThat(chat.say(chat.ann, of(600, 'd')).status()).isEqualTo(200);
    }

    @Test
    void theDialogueLimitHoldsAcrossARestart() {
        String db = dir.resolve("r.db").toString();
        DialogueService.Settings s = DialogueService.Settings.defaults(100).withContentLimits(1000, 2000);
        ts = new TestServer(db, s, null);
        Chat chat = Chat.open(ts.http, "chat");
        assertThat(chat.say(chat.ann, of(900, 'a')).status()).isEqualTo(200);
        assertThat(chat.say(chat.ben, of(900, 'b')).status()).isEqualTo(200);
        ts.close();
        ts = new TestServer(db, s, null);
        Chat again = new Chat(ts.http, chat.id, chat.ann, chat.ben);
        assertThat(again.say(chat.ann, of(900, 'c')).status()).isEqualTo(422);
    }

    @Test
    void theWorkingSetWeighsContentBytes() {
        // room for a weight of 50: ten dialogues of one 10 KB move each weigh 10 x (2 + 9), counted by moves alone
        // they would weigh 10 x 2 and all stay
        ts = new TestServer(dir.resolve("w.db").toString(), new DialogueService.Settings(100, 100,
                ProtocolLimits.DEFAULT, 4000, 100, 50), null);
        for (int i = 0; i < 10; i++) {
            Chat chat = Chat.open(ts.http, "chat");
            assertThat(chat.say(chat.ann, of(10_000, 'x')).status()).isEqualTo(200);
        }
        assertThat(ts.service.heldMoves()).isLessThanOrEqualTo(50);
        assertThat(ts.service.heldDialogues()).isLessThan(10);
    }
}
