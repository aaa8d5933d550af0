package dev.parley.server;

import static dev.parley.server.Loopback.q;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What the Schemathesis run of {@code scripts/schemathesis.sh} found the API answering outside its own description,
 * each case as it now answers: methods Javalin has no handler type for, bodies that are there but no JSON object,
 * and participant names the description allows.
 */
class FuzzRegressionTest extends SqliteServerTest {

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private HttpResponse<String> send(String method, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(http.base().resolve(path)).method(method,
                HttpRequest.BodyPublishers.noBody()).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void methodsJavalinHasNoHandlerForAre405InTheApisShapeWithAllow() throws Exception {
        // TRACE was answered by Javalin itself, 404 text/plain "Endpoint TRACE /health not found"; so was any
        // method outside the seven the routes are registered for
        for (String method : new String[] {"TRACE", "PROPFIND", "QUERY", "FOO"}) {
            HttpResponse<String> r = send(method, "/health");
            assertThat(r.statusCode()).as(method + " " + r.body()).isEqualTo(405);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
            assertThat(r.headers().firstValue("Allow")).hasValue("GET");
            assertThat(Loopback.JSON.readTree(r.body()).get("error").asText())
                    .isEqualTo("method " + method + " is not allowed here (allowed: GET)");
        }
        String id = http.get("/dialogue/new/testgame").json().get("dialogueID").asText();
        HttpResponse<String> join = send("TRACE", "/dialogue/" + id + "/join/Test");
        assertThat(join.statusCode()).isEqualTo(405);
        assertThat(join.headers().firstValue("Allow")).hasValue("GET, POST");
        HttpResponse<String> none = send("TRACE", "/no/such/path");
        assertThat(none.statusCode()).isEqualTo(404);
        assertThat(Loopback.JSON.readTree(none.body()).get("error").asText()).startsWith("no such endpoint: TRACE");
    }

    @Test
    void aBodyThatIsThereMustBeAJsonObject() {
        // `false` as the body of /dialogue/new was taken for "no participants", and white space for no body
        for (String body : new String[] {"false", "[]", "\"x\"", "\n", "  "}) {
            Loopback.Response r = http.post("/dialogue/new/testgame", body);
            assertThat(r.status()).as(q(body) + " " + r.body()).isEqualTo(400);
            assertThat(r.error()).containsAnyOf("must be a JSON object", "holds no JSON value");
        }
        String id = http.get("/dialogue/new/testgame").json().get("dialogueID").asText();
        assertThat(http.post("/dialogue/" + id + "/join/Test", "\n").status()).isEqualTo(400);
        assertThat(http.get("/dialogue/" + id + "/roles").json().get("available")).hasSize(3);
        // no body at all is still no body (DGEP's clients send none)
        assertThat(http.post("/dialogue/" + id + "/join/Test", null).status()).isEqualTo(200);
        assertThat(http.post("/dialogue/new/testgame", null).status()).isEqualTo(200);
    }

    @Test
    void participantsNullIsRefusedAsTheDescriptionSaysArray() {
        // Schemathesis (CI, seed 1): {"participants": null} started a dialogue with no one seated
        Loopback.Response r = http.post("/dialogue/new/testgame", "{\"participants\": null}");
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.error()).contains("\"participants\" must be an array");
        // an object without the field still seats no one
        assertThat(http.post("/dialogue/new/testgame", "{}").status()).isEqualTo(200);
    }

    @Test
    void participantNamesAreCheckedAsTheDescriptionCountsThem() {
        // a name of 200 characters outside the BMP is 400 UTF-16 units: the description allows it (code points)
        String astral = "\uD83D\uDE00".repeat(200);
        Loopback.Response ok = http.post("/dialogue/new/testgame", "{\"participants\": [{\"name\": " + q(astral)
                + ", \"player\": \"Test\"}]}");
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.json().get("participants").get(0).get("name").asText()).isEqualTo(astral);
        Loopback.Response tooLong = http.post("/dialogue/new/testgame", "{\"participants\": [{\"name\": "
                + q(astral + "x") + ", \"player\": \"Test\"}]}");
        assertThat(tooLong.status()).isEqualTo(400);
        // a player of only a control character Java calls white space was 400 "must name a player"; it is a string
        // of length 1 naming no player, so the seat cannot be found: 409 as for any player the protocol lacks
        Loopback.Response blank = http.post("/dialogue/new/testgame",
                "{\"participants\": [{\"name\": \"\\u001c\", \"player\": \"\\u001c\"}]}");
        assertThat(blank.status()).as(blank.body()).isEqualTo(409);
        assertThat(blank.error()).contains("no free seat for player or role");
    }

    @Test
    void theIdempotencyKeyPatternTheDescriptionDeclaresIsExactlyWhatTheServerAccepts() throws Exception {
        // Schemathesis sent a key the description allowed (it declared only a length) and was refused 400
        var spec = Loopback.JSON.readTree(FuzzRegressionTest.class.getResourceAsStream("/api/openapi.json"));
        String pattern = null;
        for (var param : spec.findParents("in")) {
            if ("Idempotency-Key".equals(param.path("name").asText())) {
                pattern = param.path("schema").path("pattern").asText(null);
            }
        }
        assertThat(pattern).as("the description declares a pattern for Idempotency-Key").isNotNull();
        java.util.regex.Pattern declared = java.util.regex.Pattern.compile(pattern);
        String[] keys = {"k-1", "a", "~!", "x".repeat(200), "x".repeat(201), "bad key", "tab\tkey", "del\u007f",
            "\u00d7\u00e5", "caf\u00e9", " lead", "trail "};
        for (String key : keys) {
            boolean accepted;
            try {
                JsonBodies.idempotencyKey(key);
                accepted = true;
            } catch (ServiceException.Invalid e) {
                accepted = false;
            }
            assertThat(accepted).as(q(key)).isEqualTo(declared.matcher(key).find());
        }
    }
}
