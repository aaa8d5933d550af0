package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 7: the old server stored {@code 1e99999} as "Infinity", {@code 0.1e1} as "1.0" and {@code 42}
 * as "42" in a text variable. Now a value that is not a JSON string gets 400 naming the variable, nothing is stored,
 * and a string is stored exactly as it was sent.
 */
class ExactContentTest {

    @TempDir
    Path dir;
    private TestServer ts;

    @AfterEach
    void stop() {
        if (ts != null) {
            ts.close();
        }
    }

    private Loopback.Response say(Chat chat, String rawValue) {
        return ts.http.post("/dialogue/" + chat.id + "/interaction/Say", "{\"speaker\": " + Loopback.q(chat.ann)
                + ", \"reply\": {\"p\": " + rawValue + "}}");
    }

    @Test
    void numbersInTextAreRefusedNamingTheVariableAndTextIsStoredAsSent() {
        ts = TestServer.sqlite(dir);
        Chat chat = Chat.open(ts.http, "chat");
        for (String value : new String[] {"1e99999", "0.1e1", "42", "-0", "true"}) {
            Loopback.Response r = say(chat, value);
            assertThat(r.status()).as(value + ": " + r.body()).isEqualTo(400);
            assertThat(r.error()).contains("\"reply.p\"").contains("text");
        }
        Loopback.Response target = ts.http.post("/dialogue/" + chat.id + "/interaction/Say", "{\"speaker\": "
                + Loopback.q(chat.ann) + ", \"reply\": {\"p\": \"x\"}, \"target\": 7}");
        assertThat(target.status()).isEqualTo(400);
        assertThat(target.error()).contains("\"target\"");
        assertThat(chat.said()).isEmpty();
        String exact = "1e99999 0.1e1 42 \u00e9\u0301 \ud83d\ude00";
        assertThat(chat.say(chat.ann, exact).status()).isEqualTo(200);
        assertThat(chat.said()).containsExactly(exact);
    }
}
