package dev.parley.server;

import static dev.parley.server.Loopback.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A DGEP-style client script over plain HTTP against a real server on loopback. */
class DgepApiTest extends SqliteServerTest {

    @Test
    void aDgepClientPlaysTestgameThroughTheApi() throws Exception {
        // GET /available -> {"dgdl": [names]}
        Loopback.Response available = http.get("/available");
        assertThat(available.status()).isEqualTo(200);
        assertThat(available.json().get("dgdl").isArray()).isTrue();
        assertThat(available.json().get("dgdl")).extracting(JsonNode::asText).contains("testgame", "agenttest");

        // GET /dialogue/new/PROTOCOL -> {"dialogueID"}
        Loopback.Response created = http.get("/dialogue/new/testgame");
        assertThat(created.status()).isEqualTo(200);
        String id = created.json().get("dialogueID").asText();
        assertThat(id).matches("[A-Za-z0-9_-]{22}");

        // roles: testgame's player Test needs two participants, Test2 one
        JsonNode roles = http.get("/dialogue/" + id + "/roles").json();
        assertThat(roles.get("roles")).extracting(JsonNode::asText).containsExactly("Role", "Role2");
        assertThat(roles.get("players")).extracting(p -> p.get("player").asText())
                .containsExactly("Test", "Test#2", "Test2");
        assertThat(roles.get("players")).allSatisfy(p -> assertThat(p.get("filled").asBoolean()).isFalse());

        // join by player id (twice: the first free player each time) and by a role (TestRole is Test2's)
        JsonNode a = http.get("/dialogue/" + id + "/join/Test").json();
        JsonNode b = http.post("/dialogue/" + id + "/join/Test", "").json();
        JsonNode c = http.get("/dialogue/" + id + "/join/TestRole").json();
        assertThat(List.of(a.get("player").asText(), b.get("player").asText(), c.get("player").asText()))
                .containsExactly("Test", "Test#2", "Test2");
        String test = a.get("participantID").asText();
        String test2 = c.get("participantID").asText();
        for (JsonNode j : List.of(a, b, c)) {
            // 256 random bits, URL-safe
            assertThat(j.get("participantID").asText()).matches("[A-Za-z0-9_-]{43}");
        }
        assertThat(http.get("/dialogue/" + id + "/roles").json().get("available")).isEmpty();

        // GET /moves: every player's legal moves in DGEP's shape; only the speaker (Test2) has any
        JsonNode all = http.get("/dialogue/" + id + "/moves").json();
        assertThat(all.fieldNames()).toIterable().containsExactly("Test", "Test#2", "Test2");
        assertThat(all.get("Test")).isEmpty();
        JsonNode move = all.get("Test2").get(0);
        assertThat(move.fieldNames()).toIterable().contains("moveID", "opener", "reply", "aif");
        assertThat(move.get("moveID").asText()).isEqualTo("TestMove");
        assertThat(move.get("opener").asText()).isEqualTo("Test, $p");
        assertThat(move.get("reply").get("p").asText()).isEqualTo("$p");
        assertThat(move.get("aif").isTextual()).isTrue();
        AifGraph aif = AifJson.read(move.get("aif").asText());
        assertThat(aif.nodes()).isNotEmpty();
        assertThat(move.get("targets")).extracting(JsonNode::asText).containsExactly("Test", "Test#2");
        // GET /moves/PARTICIPANT
        JsonNode mine = http.get("/dialogue/" + id + "/moves/" + test2).json();
        assertThat(mine.get("moves")).hasSize(1);
        assertThat(mine.get("player").asText()).isEqualTo("Test2");
        assertThat(http.get("/dialogue/" + id + "/moves/" + test).json().get("moves")).isEmpty();

        // six moves, each made by whoever /moves says may move (as a DGEP client would). By testgame's rules Test2
        // opens to Test (the opener's content is carried over), Test answers to Test2, and from then on the move
        // Test2 receives is addressed to Test2 itself (move(add, next, TestMove, $Test2, {p}, Target) with
        // Target = Test2), so Test2 keeps the floor
        List<String> speakers = new ArrayList<>();
        java.util.Map<String, String> tokenOf = java.util.Map.of("Test", test, "Test#2",
                b.get("participantID").asText(), "Test2", test2);
        for (int i = 0; i < 6; i++) {
            JsonNode now = http.get("/dialogue/" + id + "/moves").json();
            List<String> movers = new ArrayList<>();
            now.fieldNames().forEachRemaining(f -> {
                if (!now.get(f).isEmpty()) {
                    movers.add(f);
                }
            });
            assertThat(movers).hasSize(1);
            String body = i == 0
                    ? "{\"speaker\": " + q(test2) + ", \"reply\": {\"p\": \"Britain should disarm\"}, "
                    + "\"target\": \"Test\"}"
                    : "{\"speaker\": " + q(tokenOf.get(movers.get(0))) + ", \"reply\": {\"p\": \"$p\"}}";
            Loopback.Response r = http.post("/dialogue/" + id + "/interaction/TestMove", body);
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            JsonNode res = r.json();
            assertThat(res.get("accepted").asBoolean()).isTrue();
            assertThat(res.get("moves").isObject()).isTrue();
            assertThat(res.get("moves").fieldNames()).toIterable().containsExactly("Test", "Test#2", "Test2");
            speakers.add(res.get("move").get("player").asText());
            assertThat(res.get("move").get("reply").get("p").asText()).isEqualTo("Britain should disarm");
        }
        assertThat(speakers).containsExactly("Test2", "Test", "Test2", "Test2", "Test2", "Test2");

        // transcript: [{"player", "moveID", "reply", "text"}]
        JsonNode transcript = http.get("/dialogue/" + id + "/transcript").json().get("transcript");
        assertThat(transcript).hasSize(6);
        JsonNode first = transcript.get(0);
        assertThat(first.get("player").asText()).isEqualTo("Test2");
        assertThat(first.get("moveID").asText()).isEqualTo("TestMove");
        assertThat(first.get("reply").get("p").asText()).isEqualTo("Britain should disarm");
        assertThat(first.get("text").asText()).isEqualTo("Test, Britain should disarm");
        assertThat(transcript.get(1).get("target").asText()).isEqualTo("Test2");
        assertThat(transcript.get(2).get("target").asText()).isEqualTo("Test2");

        // status
        JsonNode status = http.get("/dialogue/" + id + "/status").json();
        assertThat(status.get("status").asText()).isEqualTo("active");
        assertThat(status.get("moves").asInt()).isEqualTo(6);
        assertThat(status.get("speakers")).extracting(JsonNode::asText).containsExactly("Test2");
        assertThat(status.get("waiting").asBoolean()).isFalse();

        // no response anywhere contains a participant token, apart from join's answer to the joiner
        for (String path : List.of("/moves", "/transcript", "/status", "/roles")) {
            String body = http.get("/dialogue/" + id + path).body();
            assertThat(body).doesNotContain(test).doesNotContain(test2);
        }
        // the database holds hashes of the tokens, never the tokens
        byte[] db = Files.readAllBytes(dir.resolve("parley.db"));
        byte[] wal = Files.exists(dir.resolve("parley.db-wal")) ? Files.readAllBytes(dir.resolve("parley.db-wal"))
                : new byte[0];
        String raw = new String(db, java.nio.charset.StandardCharsets.ISO_8859_1)
                + new String(wal, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(raw).contains(Tokens.hash(test2)).doesNotContain(test2).doesNotContain(test);
    }

    @Test
    void dgepsTargetInsideTheReplyAndAParticipantIdAsTargetAreUnderstood() {
        String id = http.get("/dialogue/new/testgame").json().get("dialogueID").asText();
        String test = http.get("/dialogue/" + id + "/join/Test").json().get("participantID").asText();
        http.get("/dialogue/" + id + "/join/Test");
        String test2 = http.get("/dialogue/" + id + "/join/Test2").json().get("participantID").asText();
        // DGEP's own example: {"speaker": ID, "reply": {"p": ..., "target": PARTICIPANTID}}
        Loopback.Response r = http.post("/dialogue/" + id + "/interaction/TestMove",
                "{\"speaker\": " + q(test2) + ", \"reply\": {\"p\": \"Hello\", \"target\": " + q(test) + "}}");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().get("move").get("target").asText()).isEqualTo("Test");
        assertThat(r.json().get("move").get("reply").size()).isEqualTo(1);
        assertThat(r.body()).doesNotContain(test);
    }

    @Test
    void aLiberalProtocolLetsEveryJoinedPlayerMove() {
        String id = http.post("/dialogue/new/agenttest", "{}").json().get("dialogueID").asText();
        List<String> tokens = new ArrayList<>();
        for (String p : List.of("AgentOne", "AgentTwo", "AgentThree", "AgentFour", "AgentFive", "User")) {
            tokens.add(http.get("/dialogue/" + id + "/join/" + p).json().get("participantID").asText());
        }
        for (String t : tokens) {
            Loopback.Response r = http.post("/dialogue/" + id + "/interaction/FirstMove",
                    "{\"speaker\": " + q(t) + "}");
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            assertThat(r.json().get("move").get("target").asText()).isEqualTo("User");
        }
        assertThat(http.get("/dialogue/" + id + "/transcript").json().get("transcript")).extracting(
                m -> m.get("player").asText()).containsExactly("AgentOne", "AgentTwo", "AgentThree", "AgentFour",
                "AgentFive", "User");
    }

    @Test
    void aProtocolUploadedWithPutIsOfferedAndPlayable() {
        String dgdl = """
                game(id:Ask){
                    roles(asker, answerer)
                    participants(min:2, max:2)
                    player(id:Alice, roles:{asker}, min:1, max:1)
                    player(id:Bob, roles:{answerer}, min:1, max:1)
                    turntaking(strict)
                    backtracking(off)
                    rule(id:Start, scope:initial){
                        assign(Alice, speaker);
                        move(add, next, Question, $Bob, Alice);
                    }
                    interaction(id:Question, addressee:Bob, content:{p}, opener:"Is it true that $p?"){
                        assign(Bob, speaker);
                        move(add, next, Answer, $Alice, {p}, Bob);
                    }
                    interaction(id:Answer, addressee:Alice, content:{p}, opener:"About $p: yes"){
                        status(terminate, Ask);
                    }
                }
                """;
        Loopback.Response put = http.put("/protocol", dgdl);
        assertThat(put.status()).as(put.body()).isEqualTo(201);
        assertThat(put.json().get("protocol").asText()).isEqualTo("Ask");
        assertThat(http.get("/available").json().get("dgdl")).extracting(JsonNode::asText).contains("Ask");
        assertThat(http.put("/protocol", dgdl).status()).isEqualTo(409);

        String id = http.get("/dialogue/new/ask").json().get("dialogueID").asText();
        String alice = http.get("/dialogue/" + id + "/join/asker").json().get("participantID").asText();
        String bob = http.get("/dialogue/" + id + "/join/answerer").json().get("participantID").asText();
        assertThat(http.post("/dialogue/" + id + "/interaction/Question",
                "{\"speaker\": " + q(alice) + ", \"reply\": {\"p\": \"it rains\"}}").status()).isEqualTo(200);
        Loopback.Response answer = http.post("/dialogue/" + id + "/interaction/Answer",
                "{\"speaker\": " + q(bob) + ", \"reply\": {}}");
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.json().get("move").get("text").asText()).isEqualTo("About it rains: yes");
        assertThat(http.get("/dialogue/" + id + "/status").json().get("status").asText()).isEqualTo("terminated");
    }

    @Test
    void aBrokenProtocolIsRefusedWithLineAndColumn() {
        Loopback.Response r = http.put("/protocol", "game(id:Broken){\n  roles(a, b)\n  player(id:X roles:{a})\n}");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("line").asInt()).isEqualTo(3);
        assertThat(r.json().get("column").asInt()).isPositive();
        assertThat(r.error()).startsWith("protocol.dgdl:3:");
        assertThat(http.get("/available").json().get("dgdl")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrderElementsOf(TestServer.offered());
    }

    @Test
    void aClientPlaysTheBundledDcProtocol() {
        String id = http.get("/dialogue/new/dc").json().get("dialogueID").asText();
        String white = http.get("/dialogue/" + id + "/join/White").json().get("participantID").asText();
        String black = http.get("/dialogue/" + id + "/join/Black").json().get("participantID").asText();
        JsonNode opening = http.get("/dialogue/" + id + "/moves/" + white).json().get("moves");
        assertThat(opening).extracting(m -> m.get("moveID").asText()).containsExactly("Statement", "Question");
        assertThat(opening.get(0).get("target").asText()).isEqualTo("Black");

        Loopback.Response s1 = http.post("/dialogue/" + id + "/interaction/Statement",
                "{\"speaker\": " + q(white) + ", \"reply\": {\"p\": \"it rains\"}}");
        assertThat(s1.status()).as(s1.body()).isEqualTo(200);
        JsonNode blacks = s1.json().get("moves").get("Black");
        assertThat(blacks).extracting(m -> m.get("moveID").asText())
                .containsExactly("Statement", "Question", "Challenge", "Withdraw");
        // the challenge has its content bound by the protocol: "Why it rains?"
        JsonNode challenge = blacks.get(2);
        assertThat(challenge.get("reply").get("p").asText()).isEqualTo("it rains");
        assertThat(challenge.get("opener").asText()).isEqualTo("Why it rains?");

        assertThat(http.post("/dialogue/" + id + "/interaction/Challenge",
                "{\"speaker\": " + q(black) + ", \"reply\": {\"p\": \"$p\"}}").status()).isEqualTo(200);
        JsonNode whites = http.get("/dialogue/" + id + "/moves/" + white).json().get("moves");
        assertThat(whites).extracting(m -> m.get("moveID").asText()).containsExactly("Withdraw", "Ground");
        Loopback.Response ground = http.post("/dialogue/" + id + "/interaction/Ground",
                "{\"speaker\": " + q(white) + ", \"reply\": {\"q\": \"the sky is grey\"}}");
        assertThat(ground.status()).as(ground.body()).isEqualTo(200);
        assertThat(http.get("/dialogue/" + id + "/transcript").json().get("transcript"))
                .extracting(m -> m.get("text").asText())
                .containsExactly("it rains", "Why it rains?", "it rains because the sky is grey");
    }

    @Test
    void healthReportsTheDatabase() {
        JsonNode h = http.get("/health").json();
        assertThat(h.get("status").asText()).isEqualTo("ok");
        assertThat(h.get("database").asText()).isEqualTo("sqlite");
    }
}
