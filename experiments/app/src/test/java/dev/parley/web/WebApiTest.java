package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.domain.fruit.Fruits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web interface's data over HTTP, without a browser: the pages beside an unchanged API, a person's fruit-trading
 * dialogue against the steered agent in free words to its end (the agent answers every move; the payoffs are the
 * exact scorer's on the API's own transcript), the verifier's refusal with its reason, and report directories.
 */
class WebApiTest {

    @TempDir
    static Path dir;
    private static WebFixture web;
    private static final Domain FRUIT = FruitTrading.domain();

    @BeforeAll
    static void start() throws Exception {
        Path reports = Files.createDirectories(dir.resolve("reports"));
        Files.createDirectories(reports.resolve("run-a"));
        Files.writeString(reports.resolve("run-a/report.html"), "<!DOCTYPE html><title>Parley report: x</title>");
        Files.writeString(reports.resolve("run-a/report.json"), "[{\"domain\":\"fruit-trading\"}]");
        Files.createDirectories(reports.resolve("not-a-report"));
        web = new WebFixture(dir, List.of(reports));
    }

    @AfterAll
    static void stop() {
        web.close();
    }

    @Test
    void thePagesAreServedBesideAnUnchangedApi() {
        assertThat(web.text("/")).contains("<title>Parley").contains("/ui/static/index.js");
        assertThat(web.text("/ui/dialogue")).contains("<title>Parley");
        assertThat(web.text("/ui/reports")).contains("<title>Parley");
        assertThat(web.text("/ui/static/dialogue.js")).contains("/interaction/");
        assertThat(web.get("/ui/static/secret.txt").status()).isEqualTo(404);
        assertThat(web.get("/ui/static/..%2Fweb%2Findex.html").status()).isEqualTo(404);
        // the API's routes answer as before, and an unknown path is still the API's JSON 404
        assertThat(web.get("/available").json().get("dgdl").toString()).contains("fruit-trading");
        assertThat(web.get("/health").status()).isEqualTo(200);
        WebFixture.Reply none = web.get("/no/such/thing");
        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().path("error").asText()).startsWith("no such endpoint");
        assertThat(web.post("/", "{}").status()).isEqualTo(405);
    }

    @Test
    void theListShowsEachDialogueWithItsProtocolStatusAndParticipants() {
        String id = web.post("/ui/api/dialogues", Map.of("protocol", "fruit-trading")).json().get("dialogueID")
                .asText();
        web.get("/dialogue/" + id + "/join/Alice");
        JsonNode row = find(web.get("/ui/api/dialogues").json().get("dialogues"), id);
        assertThat(row.get("protocol").asText()).isEqualTo("fruit-trading");
        assertThat(row.get("status").asText()).isEqualTo("waiting for players");
        assertThat(row.get("participants").toString()).contains("\"player\":\"Alice\",\"filled\":true")
                .contains("\"player\":\"Bob\",\"filled\":false");
        assertThat(web.post("/ui/api/dialogues", Map.of("protocol", "nope")).status()).isEqualTo(404);
        assertThat(web.post("/ui/api/dialogues", Map.of("domain", "chess")).status()).isEqualTo(404);
        // a scenario the server's game does not have is not found (the body is well formed)
        assertThat(web.post("/ui/api/dialogues", Map.of("domain", "fruit-trading", "scenario", 7)).status())
                .isEqualTo(404);
        // a dialogue on a bare protocol has no solved game to steer an agent by
        assertThat(web.post("/ui/api/dialogues/" + id + "/agent", Map.of("role", "Bob")).status()).isEqualTo(409);
    }

    /**
     * Every domain's dialogue is its game's protocol, whatever the bundled library calls by the domain's name: the
     * library's {@code debate} has Pro and Con, the debate domain's game ({@code debate-game}) Alice and Bob.
     */
    @Test
    void aDomainDialogueIsTheDomainsOwnProtocolEvenWhereTheLibraryHasOneOfThatName() {
        JsonNode overview = web.get("/ui/api/overview").json();
        for (JsonNode d : overview.get("domains")) {
            String id = web.post("/ui/api/dialogues", Map.of("domain", d.get("name").asText(), "scenario", 0)).json()
                    .get("dialogueID").asText();
            JsonNode roles = web.get("/dialogue/" + id + "/roles").json();
            List<String> seats = new ArrayList<>();
            roles.get("players").forEach(p -> seats.add(p.get("player").asText()));
            List<String> players = new ArrayList<>();
            d.get("players").forEach(p -> players.add(p.asText()));
            assertThat(seats).as(d.get("name").asText()).containsExactlyElementsOf(players);
            assertThat(roles.get("protocol").asText()).isEqualTo(d.get("protocol").asText());
            if (d.get("name").asText().equals("debate")) {
                assertThat(d.get("protocol").asText()).isEqualTo("debate-game");
                assertThat(seats).containsExactly("Alice", "Bob");
            }
        }
    }

    private static JsonNode find(JsonNode list, String id) {
        for (JsonNode d : list) {
            if (d.get("id").asText().equals(id)) {
                return d;
            }
        }
        throw new AssertionError("dialogue " + id + " is not listed: " + list);
    }

    @Tag("minilm")
    @Test
    void aPersonFinishesFruitTradingAgainstTheSteeredAgentInTheirOwnWords() throws Exception {
        JsonNode created = web.post("/ui/api/dialogues", Map.of("domain", "fruit-trading", "scenario", 0)).json();
        String id = created.get("dialogueID").asText();
        String me = web.get("/dialogue/" + id + "/join/Alice").json().get("participantID").asText();
        assertThat(web.post("/ui/api/dialogues/" + id + "/agent", Map.of("role", "Bob")).status()).isEqualTo(200);
        assertThat(web.post("/ui/api/dialogues/" + id + "/agent", Map.of("role", "Bob")).status()).isEqualTo(409);
        List<String> mine = web.playPersonToTheEnd(id, me, () -> { });
        JsonNode transcript = web.get("/dialogue/" + id + "/transcript").json().get("transcript");
        assertThat(transcript.size()).isBetween(2, WebFixture.MAX_REPLIES);
        List<Message> messages = new ArrayList<>();
        int k = 0;
        for (JsonNode m : transcript) {
            String player = m.get("player").asText();
            assertThat(player).as("turns alternate, Alice first").isEqualTo(messages.size() % 2 == 0 ? "Alice" : "Bob");
            if (player.equals("Alice")) {
                assertThat(m.get("text").asText()).isEqualTo(mine.get(k++));
            }
            messages.add(Pages.message(FRUIT, m));
        }
        assertThat(k).isEqualTo(mine.size());
        // the agent answered every move of the person, unless that move ended the dialogue (an accept)
        Message last = messages.get(messages.size() - 1);
        assertThat(last.speaker() == 1 || last.moveId().equals("accept")).as(messages.toString()).isTrue();
        JsonNode d = web.get("/ui/api/dialogues/" + id).json();
        Scenario scenario = FRUIT.scenarios(2, 1).get(0);
        double[] exact = FRUIT.scorer().score(scenario, messages);
        assertThat(d.get("payoffs").get("Alice").asDouble()).isCloseTo(exact[0], within(1e-12));
        assertThat(d.get("payoffs").get("Bob").asDouble()).isCloseTo(exact[1], within(1e-12));
        assertThat(d.get("judge").asText()).isEqualTo("exact:fruit-trading");
        String state = web.agentStateAfterTheEnd(id);
        assertThat(state).startsWith("finished");
    }

    @Test
    void aFruitYouDoNotHoldIsRefusedWithTheReason() {
        String id = web.post("/ui/api/dialogues", Map.of("domain", "fruit-trading", "scenario", 0)).json()
                .get("dialogueID").asText();
        String me = web.get("/dialogue/" + id + "/join/Alice").json().get("participantID").asText();
        web.get("/dialogue/" + id + "/join/Bob");
        int[] have = Fruits.have(FRUIT.scenarios(2, 1).get(0).player(0));
        int f = 0;
        for (int i = 0; i < have.length; i++) {
            if (have[i] < have[f]) {
                f = i;
            }
        }
        int other = (f + 1) % have.length;
        String offer = "{\"give\":{\"" + Fruits.NAMES.get(f) + "\":" + (have[f] + 1) + "},\"get\":{\""
                + Fruits.NAMES.get(other) + "\":1}}";
        JsonNode verdict = web.post("/ui/api/dialogues/" + id + "/check", Map.of("participantID", me,
                "moveID", "propose", "reply", Map.of("offer", offer))).json();
        assertThat(verdict.get("ok").asBoolean()).isFalse();
        assertThat(verdict.get("reason").asText()).startsWith("you cannot give").contains("you hold");
        // a move that is not legal now, and a token that is no one's
        assertThat(web.post("/ui/api/dialogues/" + id + "/check", Map.of("participantID", me, "moveID", "accept",
                "reply", Map.of())).json().get("reason").asText()).contains("not one of Alice's legal moves");
        assertThat(web.post("/ui/api/dialogues/" + id + "/seat", Map.of("participantID", "nobody")).status())
                .isEqualTo(404);
    }

    @Test
    void reportDirectoriesAreListedAndShownAndNothingOutsideThem() {
        JsonNode list = web.get("/ui/api/reports").json();
        assertThat(list.get("reports")).hasSize(1);
        assertThat(list.get("reports").get(0).get("name").asText()).isEqualTo("run-a");
        assertThat(web.text("/ui/reports/run-a")).contains("<title>Parley report");
        assertThat(web.get("/ui/reports/run-a/report.json").status()).isEqualTo(200);
        assertThat(web.get("/ui/reports/not-a-report").status()).isEqualTo(404);
        assertThat(web.get("/ui/reports/run-a/..%2F..%2Fweb.db").status()).isEqualTo(404);
        assertThat(web.get("/ui/reports/run-a/missing.png").status()).isEqualTo(404);
    }
}
