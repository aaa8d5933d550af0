package dev.parley.server;

import static dev.parley.server.Loopback.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and faulty input: each gets its status and a message naming what was wrong or which limit was hit, before
 * any work is done, and the dialogue is left exactly as it was.
 */
class HostileInputTest {

    static final String TOKEN = "operator-token-0123456789";

    @TempDir
    Path dir;
    TestServer ts;

    @AfterEach
    void stop() {
        if (ts != null) {
            ts.close();
        }
    }

    private TestServer server(ProtocolLimits limits, String adminToken) {
        ts = new TestServer(dir.resolve("parley.db").toString(),
                new DialogueService.Settings(10_000, 100, limits, 50), adminToken);
        return ts;
    }

    private static void refused(Loopback.Response r, int status, String messagePart) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.error()).as(r.body()).contains(messagePart);
        assertThat(r.body()).doesNotContain("\tat ").doesNotContain(".java:");
    }

    @Test
    void deepJsonAndHugeNumbersAre400NamingJacksonsConstraint() {
        server(ProtocolLimits.DEFAULT, null);
        Chat chat = Chat.open(ts.http, "chat");
        List<String> before = chat.snapshot();
        String say = "/dialogue/" + chat.id + "/interaction/Say";
        String deep = "{\"speaker\": " + q(chat.ann) + ", \"reply\": " + "[".repeat(2_000) + "]".repeat(2_000) + "}";
        refused(ts.http.post(say, deep), 400, "getMaxNestingDepth");
        refused(ts.http.post("/dialogue/" + chat.id + "/join/Ann", "[".repeat(500)), 400, "getMaxNestingDepth");
        String huge = "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": " + "9".repeat(2_000) + "}}";
        refused(ts.http.post(say, huge), 400, "getMaxNumberLength");
        String hugeFloat = "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": 1." + "5".repeat(2_000) + "}}";
        refused(ts.http.post(say, hugeFloat), 400, "getMaxNumberLength");
        assertThat(chat.snapshot()).isEqualTo(before);
    }

    @Test
    void aLoneSurrogateIs400AndNothingIsStored() {
        server(ProtocolLimits.DEFAULT, null);
        Chat chat = Chat.open(ts.http, "chat");
        List<String> before = chat.snapshot();
        String say = "/dialogue/" + chat.id + "/interaction/Say";
        refused(ts.http.post(say, "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": \"a\\ud800b\"}}"), 400,
                "reply.p holds a lone UTF-16 surrogate (U+D800)");
        refused(ts.http.post(say, "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": \"x\"}, \"text\": "
                + "\"\\udfff\"}"), 400, "text holds a lone UTF-16 surrogate (U+DFFF)");
        refused(ts.http.post(say, "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"\\ud83d\": \"x\"}}"), 400,
                "surrogate");
        // the same character written as raw (CESU-style) UTF-8 bytes
        byte[] raw = ("{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": \"").getBytes(
                java.nio.charset.StandardCharsets.UTF_8);
        byte[] body = new byte[raw.length + 5];
        System.arraycopy(raw, 0, body, 0, raw.length);
        body[raw.length] = (byte) 0xED;
        body[raw.length + 1] = (byte) 0xA0;
        body[raw.length + 2] = (byte) 0x80;
        body[raw.length + 3] = '"';
        body[raw.length + 4] = '}';
        Loopback.Response cesu = ts.http.send(HttpRequest.newBuilder(ts.http.base().resolve(say))
                .POST(HttpRequest.BodyPublishers.ofByteArray(concat(body, "}".getBytes()))));
        assertThat(cesu.status()).as(cesu.body()).isEqualTo(400);
        // a valid pair is fine, and comes back intact
        assertThat(chat.snapshot()).isEqualTo(before);
        assertThat(chat.say(chat.ann, "smile \ud83d\ude00").status()).isEqualTo(200);
        assertThat(chat.said()).containsExactly("smile \ud83d\ude00");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static String protocolWith(String players, int interactions) {
        StringBuilder sb = new StringBuilder("game(id:Big){\n  roles(a)\n  participants(min:1, max:16)\n" + players
                + "\n  turntaking(liberal)\n  backtracking(off)\n");
        sb.append("  rule(id:Start, scope:initial){ move(add, next, M0, $P, P); }\n");
        for (int i = 0; i < interactions; i++) {
            sb.append("  interaction(id:M").append(i).append(", content:{p}, opener:\"$p\"){ }\n");
        }
        return sb.append("}\n").toString();
    }

    @Test
    void protocolLimitsAre413Or422NamingTheLimitBeforeAnyWork() {
        server(new ProtocolLimits(6 * 1024, 16, 20, 12, 2), null);
        refused(ts.http.put("/protocol", protocolWith("  player(id:P, roles:{a}, min:100000, max:100000)", 1)),
                422, "min:100000 is over the limit of 16 seats per dialogue (seats)");
        refused(ts.http.put("/protocol", protocolWith("  player(id:P, roles:{a}, min:10000000)", 1)), 422,
                "(seats)");
        refused(ts.http.put("/protocol", protocolWith("  player(id:P, roles:{a}, min:99999999999)", 1)), 422,
                "min:99999999999 is over the limit of 16 seats");
        // each player within the limit, together over it
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            many.append("  player(id:P").append(i == 0 ? "" : i).append(", roles:{a}, min:4, max:4)\n");
        }
        refused(ts.http.put("/protocol", protocolWith(many.toString(), 1)), 422, "needs 20 seats, over the limit "
                + "of 16 seats per dialogue");
        refused(ts.http.put("/protocol", protocolWith("  player(id:P, roles:{a}, min:1, max:1)", 21)), 422,
                "declares 21 interactions, over the limit of 20 (moves per protocol)");
        String nested = "game(id:Deep){ roles(a) " + "{".repeat(13) + "}".repeat(13) + " }";
        refused(ts.http.put("/protocol", nested), 422, "over the limit of 12 (nesting depth)");
        String large = protocolWith("  player(id:P, roles:{a}, min:1, max:1)", 1) + "/*" + "x".repeat(7_000) + "*/";
        refused(ts.http.put("/protocol", large), 413, "over the limit of 6144 bytes (protocol size)");
        // within every limit: accepted
        Loopback.Response ok = ts.http.put("/protocol", protocolWith("  player(id:P, roles:{a}, min:2, max:2)", 3));
        assertThat(ok.status()).as(ok.body()).isEqualTo(201);
        assertThat(ts.http.get("/available").json().get("dgdl")).extracting(JsonNode::asText).contains("Big");
        // uploads are kept for good, so their number is limited too
        assertThat(ts.http.put("/protocol", TestServer.chatText().replace("game(id:Chat)", "game(id:Chat2)"))
                .status()).isEqualTo(201);
        refused(ts.http.put("/protocol", TestServer.chatText().replace("game(id:Chat)", "game(id:Chat3)")), 422,
                "the server holds its maximum of 2 uploaded protocols (uploaded protocols)");
    }

    @Test
    void withAnOperatorTokenUploadsAndNewDialoguesNeedIt() {
        server(ProtocolLimits.DEFAULT, TOKEN);
        String chat = TestServer.chatText().replace("game(id:Chat)", "game(id:Chat2)");
        refused(ts.http.put("/protocol", chat), 401, "needs the operator token");
        refused(ts.http.get("/dialogue/new/chat"), 401, "needs the operator token");
        HttpRequest.Builder wrong = HttpRequest.newBuilder(ts.http.base().resolve("/protocol"))
                .header("Authorization", "Bearer not-the-token").PUT(HttpRequest.BodyPublishers.ofString(chat));
        refused(ts.http.send(wrong), 403, "the operator token is wrong");
        HttpRequest.Builder right = HttpRequest.newBuilder(ts.http.base().resolve("/protocol"))
                .header("Authorization", "Bearer " + TOKEN).PUT(HttpRequest.BodyPublishers.ofString(chat));
        assertThat(ts.http.send(right).status()).isEqualTo(201);
        Loopback.Response created = ts.http.send(HttpRequest.newBuilder(ts.http.base().resolve("/dialogue/new/Chat2"))
                .header("Authorization", "Bearer " + TOKEN).GET());
        assertThat(created.status()).as(created.body()).isEqualTo(200);
        // playing needs no operator token: joining (with the seat's invitation, which the creator hands out) and
        // moving are the participants' business
        String id = created.json().get("dialogueID").asText();
        String annInvite = created.json().get("invitations").get(0).get("invitation").asText();
        String benInvite = created.json().get("invitations").get(1).get("invitation").asText();
        String ann = ts.http.get("/dialogue/" + id + "/join/Ann?invitation=" + annInvite).json()
                .get("participantID").asText();
        ts.http.get("/dialogue/" + id + "/join/Ben?invitation=" + benInvite);
        assertThat(new Chat(ts.http, id, ann, null).say(ann, "hi").status()).isEqualTo(200);
    }

    @Test
    void freeTextIsStoredWithTheMoveAndChecked() {
        server(ProtocolLimits.DEFAULT, null);
        Chat chat = Chat.open(ts.http, "chat");
        String say = "/dialogue/" + chat.id + "/interaction/Say";
        Loopback.Response r = ts.http.post(say, "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": \"offer 3\"}, "
                + "\"text\": \"I could do three apples, no more\"}");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().get("move").get("text").asText()).isEqualTo("I could do three apples, no more");
        assertThat(r.json().get("move").get("locution").asText()).isEqualTo("offer 3");
        assertThat(chat.say(1).status()).isEqualTo(200);
        JsonNode t = ts.http.get("/dialogue/" + chat.id + "/transcript").json().get("transcript");
        assertThat(t.get(0).get("text").asText()).isEqualTo("I could do three apples, no more");
        assertThat(t.get(0).get("locution").asText()).isEqualTo("offer 3");
        assertThat(t.get(1).get("text").asText()).isEqualTo("m1");
        assertThat(t.get(1).get("locution").asText()).isEqualTo("m1");
        assertThat(t.get(0).get("aif").asText()).contains("Ann : offer 3");
        List<String> before = chat.snapshot();
        refused(ts.http.post(say, "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": \"x\"}, \"text\": "
                + q("y".repeat(51)) + "}"), 422, "over the limit of 50 (text length)");
        refused(ts.http.post(say, "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": \"x\"}, \"text\": 7}"), 400,
                "\"text\" must be text");
        assertThat(chat.snapshot()).isEqualTo(before);
        // the words survive a restart
        ts.close();
        ts = null;
        server(ProtocolLimits.DEFAULT, null);
        assertThat(ts.http.get("/dialogue/" + chat.id + "/transcript").json().get("transcript").get(0).get("text")
                .asText()).isEqualTo("I could do three apples, no more");
    }

    @Test
    void aParticipantReadsItsOwnPrivateStoresAndNoOneElseDoes() {
        server(ProtocolLimits.DEFAULT, null);
        String dgdl = """
                game(id:Secrets){
                    roles(a, b)
                    participants(min:2, max:2)
                    player(id:Ann, roles:{a}, min:1, max:1)
                    player(id:Ben, roles:{b}, min:1, max:1)
                    store(id:AnnPrivate, owner:Ann, structure:set, visibility:private)
                    store(id:BenPrivate, owner:Ben, structure:set, visibility:private)
                    store(id:Table, owner:{Ann, Ben}, structure:set, visibility:public)
                    turntaking(strict)
                    backtracking(off)
                    rule(id:Start, scope:initial){
                        assign(Ann, speaker);
                        move(add, next, Note, $Ben, Ann);
                    }
                    interaction(id:Note, addressee:Listener, content:{p}, opener:"$p"){
                        if(inrole(Speaker, a)){ store(add, {p}, AnnPrivate); } else { store(add, {p}, BenPrivate); }
                        store(add, {p}, Table);
                        assign(Listener, speaker);
                        move(add, next, Note, $Speaker, Listener);
                    }
                }
                """;
        Loopback.Response put = ts.http.put("/protocol", dgdl);
        assertThat(put.status()).as(put.body()).isEqualTo(201);
        String id = ts.http.get("/dialogue/new/Secrets").json().get("dialogueID").asText();
        String ann = ts.http.get("/dialogue/" + id + "/join/Ann").json().get("participantID").asText();
        String ben = ts.http.get("/dialogue/" + id + "/join/Ben").json().get("participantID").asText();
        assertThat(ts.http.post("/dialogue/" + id + "/interaction/Note", "{\"speaker\": " + q(ann)
                + ", \"reply\": {\"p\": \"my reserve is 5\"}}").status()).isEqualTo(200);
        JsonNode annSees = ts.http.get("/dialogue/" + id + "/stores/" + ann).json();
        assertThat(annSees.get("player").asText()).isEqualTo("Ann");
        assertThat(annSees.get("stores")).extracting(s -> s.get("id").asText()).containsExactly("AnnPrivate",
                "Table");
        assertThat(annSees.get("stores").get(0).get("visibility").asText()).isEqualTo("private");
        assertThat(annSees.get("stores").get(0).get("contents")).extracting(JsonNode::asText)
                .containsExactly("my reserve is 5");
        JsonNode benSees = ts.http.get("/dialogue/" + id + "/stores/" + ben).json();
        assertThat(benSees.get("stores")).extracting(s -> s.get("id").asText()).containsExactly("BenPrivate",
                "Table");
        assertThat(benSees.toString()).doesNotContain("AnnPrivate");
        refused(ts.http.get("/dialogue/" + id + "/stores/Ann"), 404, "has no participant with that id");
        refused(ts.http.get("/dialogue/" + id + "/stores/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), 404,
                "has no participant with that id");
    }

    @Test
    void anIdempotencyKeyReturnsTheFirstAnswerAndNeverMakesASecondMove() {
        server(ProtocolLimits.DEFAULT, null);
        Chat chat = Chat.open(ts.http, "chat");
        String say = "/dialogue/" + chat.id + "/interaction/Say";
        String body = "{\"speaker\": " + q(chat.ann) + ", \"reply\": {\"p\": \"once\"}}";
        HttpRequest.Builder keyed = HttpRequest.newBuilder(ts.http.base().resolve(say))
                .header("Idempotency-Key", "k-1").POST(HttpRequest.BodyPublishers.ofString(body));
        Loopback.Response first = ts.http.send(keyed);
        assertThat(first.status()).as(first.body()).isEqualTo(200);
        Loopback.Response again = ts.http.send(HttpRequest.newBuilder(ts.http.base().resolve(say))
                .header("Idempotency-Key", "k-1").POST(HttpRequest.BodyPublishers.ofString(body)));
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.json().get("repeated").asBoolean()).isTrue();
        assertThat(again.json().get("move")).isEqualTo(first.json().get("move"));
        assertThat(chat.said()).containsExactly("once");
        // the same key for a different move of the dialogue is refused
        Loopback.Response other = ts.http.send(HttpRequest.newBuilder(ts.http.base().resolve(say))
                .header("Idempotency-Key", "k-1").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"speaker\": " + q(chat.ben) + ", \"reply\": {\"p\": \"twice\"}}")));
        refused(other, 422, "Idempotency-Key k-1 was used for another move");
        refused(ts.http.send(HttpRequest.newBuilder(ts.http.base().resolve(say))
                .header("Idempotency-Key", "bad key").POST(HttpRequest.BodyPublishers.ofString(body))), 400,
                "Idempotency-Key must be");
        // still the first answer after a restart
        ts.close();
        ts = null;
        server(ProtocolLimits.DEFAULT, null);
        Loopback.Response later = ts.http.send(HttpRequest.newBuilder(ts.http.base().resolve(say))
                .header("Idempotency-Key", "k-1").POST(HttpRequest.BodyPublishers.ofString(body)));
        assertThat(later.status()).isEqualTo(200);
        assertThat(later.json().get("repeated").asBoolean()).isTrue();
        assertThat(new Chat(ts.http, chat.id, chat.ann, chat.ben).said()).containsExactly("once");
    }
}
