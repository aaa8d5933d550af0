package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.server.store.DialogueStore;
import dev.parley.server.store.DomainBinding;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's version 2 (before dialogue bindings) migrates to the current version: its dialogues and moves are
 * served as before, its domain dialogues stay bare (version 2 kept no binding), and a dialogue created afterwards
 * keeps its binding, agent included, across a reopen.
 */
class StoreMigrationTest {

    @TempDir
    Path dir;

    private Connection sql() throws Exception {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("parley.db"));
    }

    @Test
    void version2MigratesAndBindingsAreKeptFromThenOn() throws Exception {
        String id;
        String ann;
        try (TestServer ts = TestServer.sqlite(dir)) {
            id = ts.http.get("/dialogue/new/chat").json().get("dialogueID").asText();
            ann = ts.http.get("/dialogue/" + id + "/join/Ann").json().get("participantID").asText();
            String ben = ts.http.get("/dialogue/" + id + "/join/Ben").json().get("participantID").asText();
            Chat chat = new Chat(ts.http, id, ann, ben);
            assertThat(chat.say(0).status()).isEqualTo(200);
            assertThat(chat.say(1).status()).isEqualTo(200);
        }
        // what a version 2 store is: this one without the binding and invitation tables, at version 2
        try (Connection c = sql(); Statement st = c.createStatement()) {
            st.execute("DROP TABLE parley_binding");
            st.execute("DROP TABLE parley_invitation");
            st.executeUpdate("UPDATE parley_schema SET version = 2");
        }
        try (TestServer ts = TestServer.sqlite(dir)) {
            assertThat(new Chat(ts.http, id, ann, null).said()).containsExactly("m0", "m1");
            assertThat(ts.service.binding(id)).isEmpty();
        }
        try (Connection c = sql(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT version FROM parley_schema")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(DialogueStore.SCHEMA_VERSION).isEqualTo(4);
        }
        // a domain's dialogue keeps its binding and its agent across a reopen
        DomainBinding b = DomainBinding.of("chat-domain", 1, "{\"scenarios\":2}");
        String bound;
        try (TestServer ts = TestServer.sqlite(dir)) {
            bound = ts.service.create("chat", List.of(), Optional.of(b)).dialogueId();
            ts.service.saveAgent(bound, "Ben", "the-agents-token", "{\"draws\":1}");
        }
        try (TestServer ts = TestServer.sqlite(dir)) {
            assertThat(ts.service.binding(bound)).contains(new DomainBinding("chat-domain", 1, "{\"scenarios\":2}",
                    "Ben", "the-agents-token", "{\"draws\":1}"));
            assertThat(ts.service.bindings()).containsOnlyKeys(bound);
        }
    }
}
