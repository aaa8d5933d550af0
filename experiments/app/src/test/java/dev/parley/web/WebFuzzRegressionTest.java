package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What the Schemathesis run of {@code scripts/schemathesis.sh} found the pages' JSON ({@code /ui/api/...})
 * answering outside the API description, each case as it now answers.
 */
class WebFuzzRegressionTest extends PlainWebTest {

    @Test
    void sinceIsAnyWholeNumberFromZero() {
        String id = web.post("/ui/api/dialogues", "{\"protocol\": \"dc\"}").json().get("dialogueID").asText();
        // beyond int was 400 "since must be a number", and a negative since was taken as 0
        WebFixture.Reply far = web.get("/ui/api/dialogues/" + id + "?since=3949442654225542");
        assertThat(far.status()).isEqualTo(200);
        assertThat(far.json().get("transcript")).isEmpty();
        assertThat(web.get("/ui/api/dialogues/" + id + "?since=0").status()).isEqualTo(200);
        for (String bad : new String[] {"-8306", "1.5", "x", ""}) {
            WebFixture.Reply r = web.get("/ui/api/dialogues/" + id + "?since=" + bad);
            assertThat(r.status()).as(bad).isEqualTo(400);
            assertThat(r.json().get("error").asText()).startsWith("since must be a whole number of 0 or more");
        }
    }

    @Test
    void aScenarioTheGameLacksIs404AndANegativeOne400() {
        WebFixture.Reply big = web.post("/ui/api/dialogues", "{\"domain\": \"fruit-trading\", \"scenario\": "
                + "123456789012345}");
        assertThat(big.status()).as(big.json().toString()).isEqualTo(404);
        assertThat(big.json().get("error").asText()).isEqualTo("no scenario 123456789012345: this server's game has "
                + "scenarios 0 to 1");
        assertThat(web.post("/ui/api/dialogues", "{\"domain\": \"fruit-trading\", \"scenario\": 2}").status())
                .isEqualTo(404);
        assertThat(web.post("/ui/api/dialogues", "{\"domain\": \"fruit-trading\", \"scenario\": -1}").status())
                .isEqualTo(400);
        assertThat(web.post("/ui/api/dialogues", "{\"domain\": \"fruit-trading\", \"scenario\": 0.5}").status())
                .isEqualTo(400);
        // JSON Schema's integer: 1.0 is one
        WebFixture.Reply one = web.post("/ui/api/dialogues", "{\"domain\": \"fruit-trading\", \"scenario\": 1.0}");
        assertThat(one.status()).as(one.json().toString()).isEqualTo(200);
        assertThat(one.json().get("scenario").asInt()).isEqualTo(1);
    }

    @Test
    void anAgentForAPlayerTheGameLacksIs404() {
        String id = web.post("/ui/api/dialogues", "{\"domain\": \"fruit-trading\", \"scenario\": 0}").json()
                .get("dialogueID").asText();
        // was 400, as if the body were malformed; join answers 404 for a player or role the protocol lacks
        WebFixture.Reply r = web.post("/ui/api/dialogues/" + id + "/agent", "{\"role\": \"Carol\"}");
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.json().get("error").asText()).isEqualTo("the fruit-trading game has no player Carol (players: "
                + "Alice, Bob)");
    }
}
