package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 6: one move whose stored reply is not JSON stopped the old server from starting at all. Now
 * that dialogue alone is quarantined at start (503 with the reason) and every other dialogue is served.
 */
class UnreadableRowTest {

    @TempDir
    Path dir;
    private TestServer ts;

    @AfterEach
    void stop() {
        if (ts != null) {
            ts.close();
        }
    }

    @Test
    void aDialogueWithAnUnreadableRowIsQuarantinedAndTheOthersAreServed() throws Exception {
        String db = dir.resolve("u.db").toString();
        ts = new TestServer(db);
        Chat broken = Chat.open(ts.http, "chat");
        Chat fine = Chat.open(ts.http, "chat");
        for (int k = 0; k < 3; k++) {
            assertThat(broken.say(k).status()).isEqualTo(200);
            assertThat(fine.say(k).status()).isEqualTo(200);
        }
        ts.close();
        ts = null;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             PreparedStatement up = c.prepareStatement(
                     "UPDATE parley_move SET reply_json = '{not json' WHERE dialogue_id = ? AND seq = 1")) {
            up.setString(1, broken.id);
            assertThat(up.executeUpdate()).isEqualTo(1);
        }
        ts = new TestServer(db);
        Loopback.Response health = ts.http.get("/health");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.json().get("quarantined").asInt()).isEqualTo(1);
        Loopback.Response q = ts.http.get("/dialogue/" + broken.id + "/transcript");
        assertThat(q.status()).isEqualTo(503);
        assertThat(q.error()).contains("quarantined").contains("not JSON");
        Chat again = new Chat(ts.http, fine.id, fine.ann, fine.ben);
        assertThat(again.said()).containsExactly("m0", "m1", "m2");
        assertThat(again.say(3).status()).isEqualTo(200);
        assertThat(Chat.open(ts.http, "chat").say(0).status()).isEqualTo(200);
    }
}
