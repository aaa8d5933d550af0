package dev.parley.server;

import dev.parley.server.store.DialogueStore;
import dev.parley.server.store.StoreException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dgdl.ProtocolParser;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueJson;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.Participant;
import dev.parley.engine.PerformedMove;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store over its life: snapshots and the log rebuild a dialogue exactly, an old database is migrated, a corrupt
 * dialogue is quarantined while the rest are served, a database that is not a Parley store is refused, one SQLite
 * file has one server, and the health check needs a write to commit.
 */
class StoreLifecycleTest {

    @TempDir
    Path dir;

    private String db() {
        return dir.resolve("parley.db").toString();
    }

    private Connection sql() throws Exception {
        return DriverManager.getConnection("jdbc:sqlite:" + db());
    }

    private TestServer server(int snapshotEvery) {
        return new TestServer(db(), new DialogueService.Settings(10_000, snapshotEvery, ProtocolLimits.DEFAULT, 4000),
                null);
    }

    @Test
    void aDialogueIsRebuiltFromItsLatestSnapshotAndTheLogAfterIt() throws Exception {
        Chat chat;
        List<String> before;
        try (TestServer ts = server(5)) {
            chat = Chat.open(ts.http, "chat");
            for (int k = 0; k < 12; k++) {
                assertThat(chat.say(k).status()).isEqualTo(200);
            }
            before = chat.snapshot();
        }
        try (Connection c = sql(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT seq, state_json FROM parley_snapshot")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(10); // the latest only; older ones are dropped
            assertThat(rs.getString(2)).contains("\"history\":[]"); // the history is the log
            assertThat(rs.next()).isFalse();
        }
        try (TestServer ts = server(5)) {
            Chat again = new Chat(ts.http, chat.id, chat.ann, chat.ben);
            assertThat(again.snapshot()).isEqualTo(before);
            assertThat(again.say(12).status()).isEqualTo(200);
            assertThat(again.said()).hasSize(13).endsWith("m11", "m12");
        }
    }

    @Test
    void aVersionOneDatabaseIsMigratedAndItsDialoguesGoOn() throws Exception {
        // a database as the server before the move log wrote it: the whole state in parley_dialogue.state_json
        Dialogue d = Dialogue.start(ProtocolParser.load(TestServer.chatText(), "chat.dgdl"),
                List.of(new Participant("Ann", "Ann"), new Participant("Ben", "Ben")),
                ExternalConditionResolver.offlineDefault());
        for (int k = 0; k < 3; k++) {
            assertThat(d.perform(k % 2 == 0 ? "Ann" : "Ben", "Say", Map.of("p", "old" + k), null).accepted()).isTrue();
        }
        String annToken = Tokens.participantToken();
        String benToken = Tokens.participantToken();
        try (Connection c = sql(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE parley_protocol (name VARCHAR(200) PRIMARY KEY, dgdl TEXT NOT NULL, "
                    + "added_at BIGINT NOT NULL)");
            st.execute("CREATE TABLE parley_dialogue (id VARCHAR(64) PRIMARY KEY, protocol VARCHAR(200) NOT NULL, "
                    + "created_at BIGINT NOT NULL, move_count INTEGER NOT NULL, state_json TEXT NOT NULL)");
            st.execute("CREATE TABLE parley_seat (dialogue_id VARCHAR(64) NOT NULL, seat_no INTEGER NOT NULL, "
                    + "handle VARCHAR(200) NOT NULL, player VARCHAR(200) NOT NULL, token_hash VARCHAR(64), "
                    + "joined_at BIGINT, PRIMARY KEY (dialogue_id, seat_no))");
            st.execute("CREATE TABLE parley_move (dialogue_id VARCHAR(64) NOT NULL, seq INTEGER NOT NULL, "
                    + "speaker VARCHAR(200) NOT NULL, move_id VARCHAR(200) NOT NULL, target VARCHAR(200), "
                    + "reply_json TEXT NOT NULL, locution TEXT NOT NULL, created_at BIGINT NOT NULL, "
                    + "PRIMARY KEY (dialogue_id, seq))");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO parley_dialogue VALUES ('old1', 'chat', 1, 3, ?)")) {
                p.setString(1, DialogueJson.save(d));
                p.executeUpdate();
            }
            st.execute("INSERT INTO parley_seat VALUES ('old1', 0, 'Ann', 'Ann', '" + Tokens.hash(annToken) + "', 1)");
            st.execute("INSERT INTO parley_seat VALUES ('old1', 1, 'Ben', 'Ben', '" + Tokens.hash(benToken) + "', 1)");
            for (PerformedMove m : d.history()) {
                st.execute("INSERT INTO parley_move VALUES ('old1', " + m.index() + ", '" + m.speaker() + "', 'Say', '"
                        + m.target() + "', '{\"p\":\"" + m.reply().get("p") + "\"}', '" + m.text() + "', 1)");
            }
        }
        try (TestServer ts = new TestServer(db())) {
            Chat chat = new Chat(ts.http, "old1", annToken, benToken);
            assertThat(chat.said()).containsExactly("old0", "old1", "old2");
            assertThat(chat.say(chat.ann, "out of turn").status()).isEqualTo(409);
            assertThat(chat.say(chat.ben, "new3").status()).isEqualTo(200);
            assertThat(chat.said()).containsExactly("old0", "old1", "old2", "new3");
        }
        try (Connection c = sql(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT version FROM parley_schema")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(DialogueStore.SCHEMA_VERSION);
        }
        try (TestServer ts = new TestServer(db())) {
            assertThat(new Chat(ts.http, "old1", annToken, benToken).said()).hasSize(4);
        }
    }

    @Test
    void aCorruptDialogueIsQuarantinedAndTheOthersAreServed() throws Exception {
        Chat good;
        Chat badLog;
        Chat badSnapshot;
        try (TestServer ts = server(100)) {
            good = Chat.open(ts.http, "chat");
            badLog = Chat.open(ts.http, "chat");
            badSnapshot = Chat.open(ts.http, "chat");
            for (int k = 0; k < 3; k++) {
                for (Chat c : List.of(good, badLog, badSnapshot)) {
                    assertThat(c.say(k).status()).isEqualTo(200);
                }
            }
        }
        try (Connection c = sql(); Statement st = c.createStatement()) {
            st.execute("UPDATE parley_move SET speaker = 'Ben' WHERE dialogue_id = '" + badLog.id + "' AND seq = 0");
            st.execute("UPDATE parley_snapshot SET state_json = '{not json' WHERE dialogue_id = '" + badSnapshot.id
                    + "'");
        }
        try (TestServer ts = server(100)) {
            Loopback.Response r = ts.http.get("/dialogue/" + badLog.id + "/transcript");
            assertThat(r.status()).isEqualTo(503);
            assertThat(r.error()).startsWith("dialogue " + badLog.id + " is quarantined: move 0 is refused on replay");
            Loopback.Response s = ts.http.get("/dialogue/" + badSnapshot.id + "/status");
            assertThat(s.status()).isEqualTo(503);
            assertThat(s.error()).contains("is quarantined: its snapshot at move 0 cannot be read");
            Chat served = new Chat(ts.http, good.id, good.ann, good.ben);
            assertThat(served.said()).containsExactly("m0", "m1", "m2");
            assertThat(served.say(3).status()).isEqualTo(200);
            assertThat(ts.http.get("/health").json().get("quarantined").asInt()).isEqualTo(2);
        }
    }

    @Test
    void emptyAndForeignDatabasesAreRefusedUnlessInit() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.db"));
        assertThatThrownBy(() -> DialogueStore.open(empty.toString(), 1)).isInstanceOf(StoreException.class)
                .hasMessageContaining("it is empty and no Parley dialogue store; pass `init`");
        assertThat(parley("serve", "--port", "0", "--db", empty.toString()))
                .startsWith("parley: cannot open the dialogue database").contains("pass --init").doesNotContain("\n");
        DialogueStore.open(empty.toString(), new DialogueStore.Options(1, true)).close();
        DialogueStore.open(empty.toString(), 1).close(); // a store now

        Path foreign = dir.resolve("foreign.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + foreign);
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE users (name TEXT)");
        }
        assertThatThrownBy(() -> DialogueStore.open(foreign.toString(), 1)).isInstanceOf(StoreException.class)
                .hasMessageContaining("it holds tables of another program");

        Path text = Files.writeString(dir.resolve("notes.db"), "my notes, not a database\n");
        assertThatThrownBy(() -> DialogueStore.open(text.toString(), new DialogueStore.Options(1, true)))
                .isInstanceOf(StoreException.class).hasMessageContaining("is not a SQLite database");
        assertThat(Files.readString(text)).isEqualTo("my notes, not a database\n");
    }

    @Tag("process")
    @Test
    void aSecondServerOnOneSqliteFileRefusesToStart() throws Exception {
        try (ServeProcess first = ServeProcess.start(db(), dir.resolve("first.log"))) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            Process second = new ProcessBuilder(java, "-cp", cp, "dev.parley.cli.Parley", "serve", "--port", "0",
                    "--db", db()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            String err = new String(second.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(second.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(second.exitValue()).isEqualTo(2);
            assertThat(err.lines().filter(l -> l.startsWith("parley:")).toList()).singleElement().asString()
                    .contains("is in use by another parley serve").contains("use PostgreSQL");
            // the first is undisturbed; it warned at start that it has no operator token
            assertThat(first.http.get("/health").status()).isEqualTo(200);
            assertThat(Files.readString(first.log)).contains("parley serve: warning: no operator token "
                    + "(--admin-token-env VAR), so PUT /protocol and /dialogue/new are open to clients on this machine "
                    + "only");
        }
        // and once it is gone the file can be served again (kill -9 released the lock)
        try (TestServer ts = new TestServer(db())) {
            assertThat(ts.http.get("/health").status()).isEqualTo(200);
        }
    }

    @Test
    void healthFailsWhenAWriteCannotCommitAndRecovers() throws Exception {
        try (TestServer ts = new TestServer(db())) {
            assertThat(ts.http.get("/health").status()).isEqualTo(200);
            try (Connection c = sql(); Statement st = c.createStatement()) {
                st.execute("ALTER TABLE parley_schema RENAME TO parley_schema_away");
            }
            // reads still work, so a read-only check would say "ok"; the write probe does not
            Loopback.Response down = ts.http.get("/health");
            assertThat(down.status()).isEqualTo(503);
            assertThat(down.json().get("status").asText()).isEqualTo("unavailable");
            assertThat(ts.http.get("/available").status()).isEqualTo(200);
            try (Connection c = sql(); Statement st = c.createStatement()) {
                st.execute("ALTER TABLE parley_schema_away RENAME TO parley_schema");
            }
            assertThat(ts.http.get("/health").status()).isEqualTo(200);
        }
    }

    @Test
    void anOperatorTokenVariableThatIsNotSetIsOneLine() {
        assertThat(parley("serve", "--port", "0", "--db", db(), "--admin-token-env", "PARLEY_TEST_NO_SUCH_VAR"))
                .isEqualTo("parley: --admin-token-env PARLEY_TEST_NO_SUCH_VAR: that environment variable is not set "
                        + "or empty");
    }

    private static String parley(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = dev.parley.cli.Parley.execute(new PrintWriter(out), new PrintWriter(err), args);
        assertThat(code).isEqualTo(2);
        return err.toString().strip();
    }
}
