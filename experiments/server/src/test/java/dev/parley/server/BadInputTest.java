package dev.parley.server;

import static dev.parley.server.Loopback.q;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bad input on every endpoint: the right status, a clear message, never a stack trace, and the dialogue exactly as it
 * was (its moves, transcript, status and roles compared byte for byte before and after).
 */
class BadInputTest extends SqliteServerTest {

    String id;
    String test;
    String test2;
    String test2b;

    @BeforeEach
    void openADialogue() {
        id = http.get("/dialogue/new/testgame").json().get("dialogueID").asText();
        test = http.get("/dialogue/" + id + "/join/Test").json().get("participantID").asText();
        test2b = http.get("/dialogue/" + id + "/join/Test").json().get("participantID").asText();
        test2 = http.get("/dialogue/" + id + "/join/Test2").json().get("participantID").asText();
        Loopback.Response first = http.post("/dialogue/" + id + "/interaction/TestMove",
                "{\"speaker\": " + q(test2) + ", \"reply\": {\"p\": \"Britain should disarm\"}, \"target\": \"Test\"}");
        assertThat(first.status()).isEqualTo(200);
    }

    private List<String> snapshot() {
        return List.of(http.get("/dialogue/" + id + "/moves").body(),
                http.get("/dialogue/" + id + "/transcript").body(),
                http.get("/dialogue/" + id + "/status").body(),
                http.get("/dialogue/" + id + "/roles").body());
    }

    private void refused(Loopback.Response r, int status, String messagePart) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.error()).as(r.body()).contains(messagePart);
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain(".java:");
    }

    private Loopback.Response interact(String move, String body) {
        return http.post("/dialogue/" + id + "/interaction/" + move, body);
    }

    @Test
    void malformedAndMistypedInteractionBodiesAre400() {
        List<String> before = snapshot();
        refused(interact("TestMove", "{\"speaker\": "), 400, "malformed JSON at line 1");
        refused(interact("TestMove", "{\"speaker\": \"x\"} trailing"), 400, "malformed JSON");
        refused(interact("TestMove", "{\"speaker\": \"a\", \"speaker\": \"b\"}"), 400, "Duplicate field");
        refused(interact("TestMove", ""), 400, "the body is empty");
        refused(interact("TestMove", "[1, 2]"), 400, "must be a JSON object");
        refused(interact("TestMove", "{\"reply\": {}}"), 400, "missing \"speaker\"");
        refused(interact("TestMove", "{\"speaker\": 42}"), 400, "\"speaker\" must be text");
        refused(interact("TestMove", "{\"speaker\": " + q(test) + ", \"reply\": [\"p\"]}"), 400,
                "\"reply\" must be an object");
        refused(interact("TestMove", "{\"speaker\": " + q(test) + ", \"reply\": {\"p\": {\"x\": 1}}}"), 400,
                "\"reply.p\" must be text");
        refused(interact("TestMove", "{\"speaker\": " + q(test) + ", \"move\": \"TestMove\"}"), 400,
                "unknown field \"move\"");
        refused(interact("TestMove", "{\"speaker\": " + q(test) + ", \"target\": [\"Test2\"]}"), 400,
                "\"target\" must be text");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void wrongTokensAre403AndTheDialogueIsUnchanged() {
        List<String> before = snapshot();
        String other = http.get("/dialogue/new/testgame").json().get("dialogueID").asText();
        String stranger = http.get("/dialogue/" + other + "/join/Test").json().get("participantID").asText();
        // a well-formed token nobody holds, another dialogue's participant, a seat name instead of the token
        for (String speaker : List.of("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", stranger, "Test", "")) {
            refused(interact("TestMove", "{\"speaker\": " + q(speaker) + ", \"reply\": {}}"), 403,
                    "the speaker is not a participant of dialogue " + id);
        }
        refused(http.get("/dialogue/" + id + "/moves/" + stranger), 404, "has no participant with that id");
        refused(http.get("/dialogue/" + id + "/moves/Test"), 404, "has no participant with that id");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void illegalMovesAre409WithTheEnginesReason() {
        List<String> before = snapshot();
        // not its turn (Test has the floor now)
        refused(interact("TestMove", "{\"speaker\": " + q(test2) + ", \"reply\": {\"p\": \"x\"}}"), 409,
                "it is not Test2's turn: the speaker is Test");
        refused(interact("TestMove", "{\"speaker\": " + q(test2b) + ", \"reply\": {}}"), 409,
                "it is not Test#2's turn");
        // no such move
        refused(interact("Nope", "{\"speaker\": " + q(test) + "}"), 409, "protocol TestGame has no move Nope");
        // content the protocol fixed
        refused(interact("TestMove", "{\"speaker\": " + q(test) + ", \"reply\": {\"p\": \"something else\"}}"),
                409, "content variable p is fixed to 'Britain should disarm'");
        // a variable the move does not have
        refused(interact("TestMove", "{\"speaker\": " + q(test) + ", \"reply\": {\"q\": \"x\"}}"), 409,
                "TestMove has no content variable q");
        // a target the move may not be addressed to, and one that does not exist
        refused(interact("TestMove", "{\"speaker\": " + q(test) + ", \"target\": \"Test#2\"}"), 409,
                "the target must be Test2, not Test#2");
        refused(interact("TestMove", "{\"speaker\": " + q(test) + ", \"target\": \"Nobody\"}"), 409,
                "unknown target; the target must be Test2"); // the raw target is not echoed
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void oversizeBodiesAre413WithOrWithoutContentLength() {
        List<String> before = snapshot();
        String big = "{\"speaker\": " + q(test) + ", \"reply\": {\"p\": \"" + "x".repeat(TestServer.MAX_BODY)
                + "\"}}";
        refused(interact("TestMove", big), 413, "larger than the limit of " + TestServer.MAX_BODY + " bytes");
        // chunked: no Content-Length, the limit is enforced while reading
        byte[] bytes = big.getBytes(StandardCharsets.UTF_8);
        Loopback.Response chunked = http.send(HttpRequest.newBuilder(http.base().resolve("/dialogue/" + id
                + "/interaction/TestMove")).POST(HttpRequest.BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream(bytes))));
        refused(chunked, 413, "larger than the limit");
        refused(http.put("/protocol", "game(id:X){" + " ".repeat(TestServer.MAX_BODY) + "}"), 413,
                "larger than the limit");
        refused(http.post("/dialogue/" + id + "/join/Test", "{\"x\": \"" + "y".repeat(TestServer.MAX_BODY) + "\"}"),
                413, "larger than the limit");
        refused(http.send("GET", "/dialogue/" + id + "/status", "z".repeat(TestServer.MAX_BODY + 1)), 413,
                "larger than the limit");
        assertThat(snapshot()).isEqualTo(before);
        assertThat(http.get("/available").json().get("dgdl")).hasSize(TestServer.offered().size());
    }

    @Test
    void unknownDialoguesProtocolsRolesAndPathsAre404() {
        List<String> before = snapshot();
        String nobody = "AAAAAAAAAAAAAAAAAAAAAA";
        for (String path : List.of("/roles", "/moves", "/moves/" + test, "/transcript", "/status", "/join/Test")) {
            refused(http.get("/dialogue/" + nobody + path), 404, "no dialogue " + nobody);
        }
        refused(http.post("/dialogue/" + nobody
                + "/interaction/TestMove", "{\"speaker\": " + q(test) + "}"), 404, "no dialogue " + nobody);
        Loopback.Response noProtocol = http.get("/dialogue/new/nope");
        refused(noProtocol, 404, "no protocol nope (available: agenttest, ");
        assertThat(noProtocol.error()).contains(", chat, ", ", dc, ", ", testgame)"); // the list names them all
        refused(http.get("/dialogue/" + id + "/join/Referee"), 404, "has no player or role Referee");
        refused(http.get("/nothing/here"), 404, "no such endpoint");
        refused(http.get("/dialogue/" + id + "/moves/" + test + "/extra"), 404, "no such endpoint");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void joinsNewsAndMethodsAreChecked() {
        List<String> before = snapshot();
        refused(http.get("/dialogue/" + id + "/join/Test"), 409, "has joined already");
        refused(http.post("/dialogue/" + id + "/join/Test", "{nope"), 400, "malformed JSON");
        refused(http.post("/dialogue/new/testgame", "{nope"), 400, "malformed JSON");
        Loopback.Response del = http.send("DELETE", "/dialogue/" + id + "/status", null);
        refused(del, 405, "method DELETE is not allowed here (allowed: GET)");
        refused(http.get("/dialogue/" + id + "/interaction/TestMove"), 405, "allowed: POST");
        refused(http.post("/protocol", "game(id:X){}"), 405, "allowed: PUT");
        // a request line the JDK's HTTP server cannot parse never reaches the API: the JDK answers 400 itself, in
        // HTML, still without a stack trace
        Loopback.Response badUri = raw("GET /dialogue/%zz/status HTTP/1.1");
        assertThat(badUri.status()).isEqualTo(400);
        assertThat(badUri.body()).doesNotContain("\tat ").doesNotContain(".java:");
        refused(http.put("/protocol", ""), 400, "the body must be the DGDL text");
        Loopback.Response latin1 = http.send(HttpRequest.newBuilder(http.base().resolve("/protocol"))
                .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[] {'g', (byte) 0xE9, (byte) 0xFF})));
        refused(latin1, 400, "UTF-8");
        assertThat(snapshot()).isEqualTo(before);
        // a malformed join took no seat
        String fresh = http.get("/dialogue/new/testgame").json().get("dialogueID").asText();
        refused(http.post("/dialogue/" + fresh + "/join/Test2", "[1,"), 400, "malformed JSON");
        assertThat(http.get("/dialogue/" + fresh + "/roles").json().get("available")).hasSize(3);
    }

    /** A request line no Java client would send, over a plain socket. */
    private Loopback.Response raw(String requestLine) {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", http.base().getPort())) {
            socket.getOutputStream().write((requestLine + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(response.substring(9, 12));
            return new Loopback.Response(status, response.substring(response.indexOf("\r\n\r\n") + 4));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void movesWaitUntilEverySeatIsFilled() {
        String fresh = http.get("/dialogue/new/testgame").json().get("dialogueID").asText();
        String t2 = http.get("/dialogue/" + fresh + "/join/Test2").json().get("participantID").asText();
        Loopback.Response r = http.post("/dialogue/" + fresh + "/interaction/TestMove",
                "{\"speaker\": " + q(t2) + ", \"reply\": {\"p\": \"x\"}, \"target\": \"Test\"}");
        refused(r, 409, "is waiting for players to join: Test, Test#2");
        assertThat(http.get("/dialogue/" + fresh + "/status").json().get("waiting").asBoolean()).isTrue();
        assertThat(http.get("/dialogue/" + fresh + "/transcript").json().get("transcript")).isEmpty();
    }
}
