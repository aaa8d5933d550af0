package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store through a JDBC URL other than SQLite: H2 in PostgreSQL mode, so the SQL is checked against a second
 * engine. Also what happens when the database fails under a move.
 */
class PortableSqlTest {

    @TempDir
    Path dir;

    private String url() {
        return "jdbc:h2:file:" + dir.resolve("h2db").toAbsolutePath() + ";MODE=PostgreSQL";
    }

    @Test
    void dialoguesSurviveAReopenOnH2() {
        Chat chat;
        List<String> before;
        try (TestServer ts = new TestServer(url())) {
            assertThat(ts.http.get("/health").json().get("database").asText()).isEqualTo("h2");
            chat = Chat.open(ts.http, "chat");
            for (int k = 0; k < 7; k++) {
                assertThat(chat.say(k).status()).isEqualTo(200);
            }
            before = chat.snapshot();
        }
        try (TestServer ts = new TestServer(url())) {
            Chat again = new Chat(ts.http, chat.id, chat.ann, chat.ben);
            assertThat(again.snapshot()).isEqualTo(before);
            assertThat(again.say(7).status()).isEqualTo(200);
            assertThat(again.said()).containsExactly("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7");
        }
    }

    @Test
    void aMoveTheDatabaseCannotStoreIsNotMadeAndTheDialogueIsUnchanged() throws Exception {
        try (TestServer ts = new TestServer(url())) {
            Chat chat = Chat.open(ts.http, "chat");
            assertThat(chat.say(0).status()).isEqualTo(200);
            List<String> before = chat.snapshot();
            try (Connection c = DriverManager.getConnection(url()); Statement st = c.createStatement()) {
                st.execute("DROP TABLE parley_move");
            }
            Loopback.Response r = chat.say(1);
            assertThat(r.status()).isEqualTo(503);
            assertThat(r.error()).isEqualTo("the move could not be stored, so it was not made; try again");
            assertThat(chat.snapshot()).isEqualTo(before);
            assertThat(ts.http.get("/health").status()).isEqualTo(200);
        }
    }
}
