package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Walks the table of who may call what (docs/server.md, "Who may do what"), calling each endpoint as each kind of
 * caller: anyone (no token), a seated participant with its own token, a participant presenting another dialogue's
 * token, and the operator with the operator token. A participant cannot move for another seat or read another's
 * private store, and without the operator token no one creates protocols or dialogues.
 */
class WhoMayDoWhatTest {

    private static final String OPERATOR = "operator-token-for-tests";
    private static final String SECRETS = """
            game(id:Secrets){
                roles(a, b)
                participants(min:2, max:2)
                player(id:Ann, roles:{a}, min:1, max:1)
                player(id:Ben, roles:{b}, min:1, max:1)
                store(id:AnnPrivate, owner:Ann, structure:set, visibility:private)
                store(id:BenPrivate, owner:Ben, structure:set, visibility:private)
                turntaking(strict)
                backtracking(off)
                rule(id:Start, scope:initial){
                    assign(Ann, speaker);
                    move(add, next, Note, $Ben, Ann);
                }
                interaction(id:Note, addressee:Listener, content:{p}, opener:"$p"){
                    if(inrole(Speaker, a)){ store(add, {p}, AnnPrivate); } else { store(add, {p}, BenPrivate); }
                    assign(Listener, speaker);
                    move(add, next, Note, $Speaker, Listener);
                }
            }
            """;
    @TempDir
    Path dir;
    private TestServer ts;

    @AfterEach
    void stop() {
        if (ts != null) {
            ts.close();
        }
    }

    private Loopback.Response as(String bearer, String method, String path, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(ts.http.base().resolve(path)).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (bearer != null) {
            b.header("Authorization", "Bearer " + bearer);
        }
        return ts.http.send(b);
    }

    private static void is(Loopback.Response r, int status) {
        assertThat(r.status()).as(r.body()).isEqualTo(status);
    }

    private static String note(String speaker, String p) {
        return "{\"speaker\": \"" + speaker + "\", \"reply\": {\"p\": \"" + p + "\"}}";
    }

    @Test
    void eachCallerGetsWhatTheTableSays() {
        ts = new TestServer(dir.resolve("p.db").toString(), DialogueService.Settings.defaults(100), OPERATOR);
        // anyone: the catalogue, the health probe, the description
        for (String path : new String[] {"/available", "/health", "/openapi.json"}) {
            is(as(null, "GET", path, null), 200);
        }
        // protocols and dialogues: the operator only; no token 401, a wrong one (a participant's, say) 403
        is(as(null, "PUT", "/protocol", SECRETS), 401);
        is(as("not-the-operator", "PUT", "/protocol", SECRETS), 403);
        is(as(OPERATOR, "PUT", "/protocol", SECRETS), 201);
        is(as(null, "GET", "/dialogue/new/Secrets", null), 401);
        is(as("not-the-operator", "POST", "/dialogue/new/Secrets", null), 403);
        com.fasterxml.jackson.databind.JsonNode created = as(OPERATOR, "GET", "/dialogue/new/Secrets", null).json();
        String id = created.get("dialogueID").asText();
        String other = as(OPERATOR, "GET", "/dialogue/new/Secrets", null).json().get("dialogueID").asText();
        // the creator receives one invitation per free seat
        assertThat(created.get("invitations")).hasSize(2);
        String annInvite = created.get("invitations").get(0).get("invitation").asText();
        String benInvite = created.get("invitations").get(1).get("invitation").asText();
        assertThat(created.get("invitations").get(0).get("player").asText()).isEqualTo("Ann");

        // joining: with the seat's invitation, while the seat is free; the token is the seat's from then on. Without
        // one, or with another seat's or dialogue's, 403: a dialogue's id does not give its seats away
        is(as(null, "GET", "/dialogue/" + id + "/join/Ann", null), 403);
        is(as(OPERATOR, "GET", "/dialogue/" + id + "/join/Ann?invitation=", null), 400);
        is(as(null, "GET", "/dialogue/" + id + "/join/Ann?invitation=" + benInvite, null), 403);
        is(as(null, "GET", "/dialogue/" + other + "/join/Ann?invitation=" + annInvite, null), 403);
        String ann = as(null, "GET", "/dialogue/" + id + "/join/Ann?invitation=" + annInvite, null).json()
                .get("participantID").asText();
        String ben = as(null, "POST", "/dialogue/" + id + "/join/Ben", "{\"invitation\": \"" + benInvite + "\"}")
                .json().get("participantID").asText();
        is(as(null, "GET", "/dialogue/" + id + "/join/Ann?invitation=" + annInvite, null), 409);
        // the operator takes any free seat without one
        String stranger = as(OPERATOR, "GET", "/dialogue/" + other + "/join/Ann", null).json().get("participantID")
                .asText();
        // a participant token is no operator token
        is(as(ann, "PUT", "/protocol", SECRETS.replace("Secrets", "Mine")), 403);

        // the public views: anyone who knows the dialogue's id
        for (String v : new String[] {"roles", "moves", "transcript", "aif", "nodeset", "status"}) {
            is(as(null, "GET", "/dialogue/" + id + "/" + v, null), 200);
        }

        // moving: only as the seat whose token is presented, and only on its turn
        is(as(null, "POST", "/dialogue/" + id + "/interaction/Note", note(stranger, "x")), 403);
        is(as(null, "POST", "/dialogue/" + id + "/interaction/Note", note(ben, "out of turn")), 409);
        is(as(null, "POST", "/dialogue/" + id + "/interaction/Note", note(ann, "ann's secret")), 200);
        assertThat(as(null, "GET", "/dialogue/" + id + "/transcript", null).json().get("transcript").get(0)
                .get("player").asText()).isEqualTo("Ann");
        // Ann's token moves as Ann, never as Ben: it is Ben's turn now, so Ann is refused
        is(as(null, "POST", "/dialogue/" + id + "/interaction/Note", note(ann, "again")), 409);
        is(as(null, "POST", "/dialogue/" + id + "/interaction/Note", note(ben, "ben's secret")), 200);

        // a participant's own moves and stores: its token only; another dialogue's token or a seat name is 404
        is(as(null, "GET", "/dialogue/" + id + "/moves/" + ann, null), 200);
        is(as(null, "GET", "/dialogue/" + id + "/moves/" + stranger, null), 404);
        is(as(null, "GET", "/dialogue/" + id + "/moves/Ann", null), 404);
        String annSees = as(null, "GET", "/dialogue/" + id + "/stores/" + ann, null).body();
        assertThat(annSees).contains("ann's secret").doesNotContain("ben's secret").doesNotContain("BenPrivate");
        String benSees = as(null, "GET", "/dialogue/" + id + "/stores/" + ben, null).body();
        assertThat(benSees).contains("ben's secret").doesNotContain("ann's secret").doesNotContain("AnnPrivate");
        is(as(null, "GET", "/dialogue/" + id + "/stores/" + stranger, null), 404);
        is(as(OPERATOR, "GET", "/dialogue/" + id + "/stores/Ann", null), 404);
        // no response but join's answer to the joiner carries a token
        for (String v : new String[] {"roles", "moves", "transcript", "aif", "nodeset", "status"}) {
            String body = as(null, "GET", "/dialogue/" + id + "/" + v, null).body();
            assertThat(body).doesNotContain(ann).doesNotContain(ben);
        }
    }

    @Test
    void withDgepsOpenJoinAnyoneWithTheIdTakesAFreeSeat() {
        ts = new TestServer(dir.resolve("open.db").toString(), DialogueService.Settings.defaults(100), OPERATOR,
                5_000, Exposure.LOCAL.withOpenJoin(true));
        String id = as(OPERATOR, "GET", "/dialogue/new/chat", null).json().get("dialogueID").asText();
        is(as(null, "GET", "/dialogue/" + id + "/join/Ann", null), 200);
        is(as(null, "POST", "/dialogue/" + id + "/join/Ben", "{}"), 200);
        is(as(null, "GET", "/dialogue/" + id + "/join/Ben", null), 409);
    }
}
