package dev.parley.server;

import static dev.parley.server.Loopback.q;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import dev.parley.aif.AifNode;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** DGEP 2's participants body, the dialogue's cumulative JSON-AIF, per-move AIF and an AIFdb-style NodeSet. */
class DgepFidelityTest extends SqliteServerTest {

    @Test
    void dgep2sParticipantsBodySeatsEveryoneAtOnce() {
        Loopback.Response r = http.post("/dialogue/new/testgame", "{\"participants\": [{\"name\": \"Alice\", "
                + "\"player\": \"Test\"}, {\"name\": \"Carol\", \"player\": \"Test\"}, {\"name\": \"Bob\", "
                + "\"player\": \"TestRole\"}]}");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        String id = r.json().get("dialogueID").asText();
        JsonNode ps = r.json().get("participants");
        assertThat(ps).extracting(p -> p.get("name").asText()).containsExactly("Alice", "Carol", "Bob");
        assertThat(ps).extracting(p -> p.get("player").asText()).containsExactly("Test", "Test#2", "Test2");
        assertThat(ps).allSatisfy(p -> assertThat(p.get("participantID").asText()).matches("[A-Za-z0-9_-]{43}"));
        assertThat(http.get("/dialogue/" + id + "/roles").json().get("available")).isEmpty();
        String bob = ps.get(2).get("participantID").asText();
        Loopback.Response move = http.post("/dialogue/" + id + "/interaction/TestMove", "{\"speaker\": " + q(bob)
                + ", \"reply\": {\"p\": \"hello\"}, \"target\": \"Test\"}");
        assertThat(move.status()).as(move.body()).isEqualTo(200);

        // a participant that fits no free seat: refused, and no dialogue is left behind
        int before = http.get("/health").json().get("dialogues").asInt();
        Loopback.Response none = http.post("/dialogue/new/testgame", "{\"participants\": [{\"name\": \"A\", "
                + "\"player\": \"Test2\"}, {\"name\": \"B\", \"player\": \"Test2\"}]}");
        assertThat(none.status()).isEqualTo(409);
        assertThat(none.error()).contains("participant B: no free seat for player or role Test2");
        assertThat(http.get("/health").json().get("dialogues").asInt()).isEqualTo(before);
        assertThat(http.post("/dialogue/new/testgame", "{\"participants\": [{\"name\": \"A\"}]}").status())
                .isEqualTo(400);
        assertThat(http.post("/dialogue/new/testgame", "{\"participants\": {}}").status()).isEqualTo(400);
        // DGEP clients that send {} still get a dialogue with free seats
        String open = http.post("/dialogue/new/testgame", "{}").json().get("dialogueID").asText();
        assertThat(http.get("/dialogue/" + open + "/roles").json().get("available")).hasSize(3);
    }

    @Test
    void theDialoguesAifIsTheUnionOfItsMovesAifAndANodeSetExportsIt() {
        Chat chat = Chat.open(http, "chat");
        for (int k = 0; k < 4; k++) {
            assertThat(chat.say(k).status()).isEqualTo(200);
        }
        AifGraph whole = AifJson.read(http.get("/dialogue/" + chat.id + "/aif").body());
        Set<String> wholeIds = new HashSet<>();
        whole.nodes().forEach(n -> wholeIds.add(n.nodeID()));
        Set<String> fromMoves = new HashSet<>();
        for (JsonNode e : http.get("/dialogue/" + chat.id + "/transcript").json().get("transcript")) {
            AifGraph move = AifJson.read(e.get("aif").asText());
            assertThat(move.nodes()).extracting(AifNode::text).contains(e.get("player").asText() + " : "
                    + e.get("locution").asText());
            move.nodes().forEach(n -> fromMoves.add(n.nodeID()));
        }
        assertThat(wholeIds).isEqualTo(fromMoves);
        assertThat(whole.locutions()).hasSize(4);

        JsonNode set = http.get("/dialogue/" + chat.id + "/nodeset").json();
        assertThat(set.get("nodeSetID").asText()).isEqualTo(chat.id);
        assertThat(set.get("finished").asBoolean()).isFalse();
        assertThat(set.get("participants")).extracting(p -> p.get("participantID").asText())
                .containsExactly("Ann", "Ben");
        assertThat(set.get("locutions")).extracting(l -> l.get("personID").asText())
                .containsExactly("Ann", "Ben", "Ann", "Ben");
        AifGraph exported = AifJson.read(set.toString());
        assertThat(exported.nodes()).hasSameSizeAs(whole.nodes());
    }
}
