package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.server.DialogueService;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, findings 2 and 3, on a server with an operator token. Anyone could list every dialogue with its free
 * seats, and read a domain dialogue's scenario index, then create a twin of that scenario and join its other role to
 * see the real opponent's private information. Now the list is the operator's, the scenario is shown only to the
 * operator until the dialogue ends, a twin with a chosen scenario needs the operator, and a scenario not chosen is
 * drawn at random (the old default was always scenario 0).
 */
class PrivacyAttackTest {

    private static final String OPERATOR = "operator-token-for-privacy-tests";

    @TempDir
    static Path dir;
    static WebFixture web;

    @BeforeAll
    static void start() {
        web = new WebFixture(dir, List.of(), d -> new OfflineMoveGenerator(d.content()), "offline",
                DialogueService.Settings.defaults(10_000), OPERATOR);
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    @Test
    void onlyTheOperatorListsDialoguesAndTheirFreeSeats() {
        String id = web.send("POST", "/ui/api/dialogues", Map.of("protocol", "fruit-trading"), OPERATOR).json()
                .get("dialogueID").asText();
        assertThat(web.get("/ui/api/dialogues").status()).isEqualTo(401);
        assertThat(web.send("GET", "/ui/api/dialogues", null, "a-participant-token").status()).isEqualTo(403);
        WebFixture.Reply listed = web.send("GET", "/ui/api/dialogues", null, OPERATOR);
        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.json().toString()).contains(id);
    }

    @Test
    void theScenarioIsTheOperatorsUntilTheEndAndATwinNeedsTheOperator() {
        String id = web.send("POST", "/ui/api/dialogues", Map.of("domain", "fruit-trading"), OPERATOR).json()
                .get("dialogueID").asText();
        JsonNode seen = web.get("/ui/api/dialogues/" + id).json();
        assertThat(seen.get("domain").get("name").asText()).isEqualTo("fruit-trading");
        assertThat(seen.get("domain").has("scenario")).as(seen.toString()).isFalse();
        assertThat(web.send("GET", "/ui/api/dialogues/" + id, null, OPERATOR).json().get("domain").has("scenario"))
                .isTrue();
        // the twin: a dialogue of the same scenario, whose other seat would show the opponent's holdings
        assertThat(web.post("/ui/api/dialogues", Map.of("domain", "fruit-trading", "scenario", 1)).status())
                .isEqualTo(401);
    }

    @Test
    void aScenarioNotChosenIsDrawnAtRandom() {
        Set<Integer> drawn = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            drawn.add(web.send("POST", "/ui/api/dialogues", Map.of("domain", "fruit-trading"), OPERATOR).json()
                    .get("scenario").asInt());
        }
        // two scenarios, twenty draws: both appear but with probability 2^-19
        assertThat(drawn).containsExactlyInAnyOrder(0, 1);
    }

    @Test
    void aPagesDialoguesSeatsAreTakenWithTheirInvitationLinksAlone() {
        JsonNode created = web.send("POST", "/ui/api/dialogues", Map.of("domain", "fruit-trading"), OPERATOR).json();
        String id = created.get("dialogueID").asText();
        JsonNode invitations = created.get("invitations");
        assertThat(invitations).hasSize(2);
        String seat = invitations.get(0).get("player").asText();
        String code = invitations.get(0).get("invitation").asText();
        assertThat(invitations.get(0).get("link").asText()).startsWith("/ui/dialogue?id=" + id + "&invitation=");
        // someone given the dialogue's page (its id) but not this seat's link
        assertThat(web.get("/dialogue/" + id + "/join/" + seat).status()).isEqualTo(403);
        assertThat(web.get("/dialogue/" + id + "/join/" + seat + "?invitation="
                + invitations.get(1).get("invitation").asText()).status()).isEqualTo(403);
        assertThat(web.get("/dialogue/" + id + "/join/" + seat + "?invitation=" + code).status()).isEqualTo(200);
        // the operator seats the steered agent in the other seat without its link
        String other = invitations.get(1).get("player").asText();
        WebFixture.Reply agent = web.send("POST", "/ui/api/dialogues/" + id + "/agent", Map.of("role", other),
                OPERATOR);
        assertThat(agent.status()).as(agent.json().toString()).isEqualTo(200);
    }
}
