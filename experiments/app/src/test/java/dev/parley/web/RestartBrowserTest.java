package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.domain.fruit.FruitTrading;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A domain dialogue survives its server's death, in the browser: a person plays a fruit trade against the steered
 * agent in a page served by a child {@code parley serve}; the server is killed with SIGKILL mid-game and started
 * again on the same database and port; the same page, never reloaded, says the server is away, then that it
 * reconnected, and the person finishes the game in it. The agent answers a move made after the restart, and the
 * payoffs shown are the exact scorer's on the transcript the API holds.
 */
@Tag("browser")
@Tag("process")
class RestartBrowserTest extends ServedBrowserTest {

    private static final Domain FRUIT = FruitTrading.domain();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code parley serve} on a fixed loopback port and a SQLite file, the small game the other web tests play. */
    private Process serve(int port, Path db, Path log) throws Exception {
        ProcessBuilder pb = HealthyServe.command(port, "--db", db.toString(), "--scenarios", "2", "--max-replies",
                Integer.toString(WebFixture.MAX_REPLIES), "--iterations", "60", "--seed", "1");
        return HealthyServe.start(pb, port, log, Duration.ofSeconds(60));
    }

    private WebDriverWait waiting(int seconds) {
        return new WebDriverWait(driver, Duration.ofSeconds(seconds), Duration.ofMillis(100));
    }

    /** Waits for Alice's turn (a move form and the coach) or the end; true when it is Alice's turn. */
    private boolean aliceToMove() {
        return Pages.awaitTurn(driver, waiting(120));
    }

    /** Alice's move: any but accept while there is another, so that the game goes on past the restart. */
    private String play(int turn) {
        List<WebElement> forms = driver.findElements(By.cssSelector("#moves form.move"));
        WebElement form = forms.stream().filter(f -> !"accept".equals(f.getAttribute("data-move"))).findFirst()
                .orElse(forms.get(0));
        String said = "Turn " + turn + " in my own words: this " + form.getAttribute("data-move") + " is fair.";
        Pages.send(driver, form, said);
        return said;
    }

    /** One game: created, joined, the agent invited, one move by Alice, then the kill and the restart. */
    private record Played(String id, int scenario, int atKill, List<String> mine, JsonNode transcript) {
    }

    private Played playOnce(int port, Path db, Path log, int scenario) throws Exception {
        String base = "http://127.0.0.1:" + port;
        HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(base + "/ui/api/dialogues"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"domain\": \"fruit-trading\", \"scenario\": "
                        + scenario + "}")).header("Content-Type", "application/json").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        String id = JSON.readTree(created.body()).get("dialogueID").asText();
        driver.get(base + "/ui/dialogue?id=" + id);
        waiting(10).until(ExpectedConditions.elementToBeClickable(By.id("join-Alice"))).click();
        waiting(10).until(ExpectedConditions.textToBe(By.id("you-player"), "Alice"));
        waiting(10).until(ExpectedConditions.elementToBeClickable(By.id("invite-Bob"))).click();
        waiting(10).until(ExpectedConditions.textToBePresentInElementLocated(By.id("agent-state"), "as Bob"));

        // Alice's first move, acknowledged; the server is killed at once, whether or not the agent answered yet
        List<String> mine = new ArrayList<>();
        assertThat(aliceToMove()).isTrue();
        mine.add(play(0));
        server.destroyForcibly();
        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        waiting(30).until(d -> "away".equals(d.findElement(By.id("connection")).getAttribute("data-state")));
        assertThat(driver.findElement(By.id("connection")).getText()).contains("away");

        server = serve(port, db, log);
        int atKill = JSON.readTree(HealthyServe.get(port, "/dialogue/" + id + "/transcript").body())
                .get("transcript").size();
        assertThat(atKill).as("the acknowledged move survived the kill").isGreaterThanOrEqualTo(1);
        waiting(60).until(d -> "back".equals(d.findElement(By.id("connection")).getAttribute("data-state")));
        assertThat(driver.findElement(By.id("connection")).getText()).contains("Reconnected");

        // the same page, never reloaded, finishes the game
        while (aliceToMove()) {
            mine.add(play(mine.size()));
        }
        waiting(30).until(ExpectedConditions.visibilityOfElementLocated(By.id("payoffs-panel")));
        JsonNode transcript = JSON.readTree(HealthyServe.get(port, "/dialogue/" + id + "/transcript").body())
                .get("transcript");
        return new Played(id, scenario, atKill, mine, transcript);
    }

    @Test
    void aServerKilledMidGameComesBackAndTheSamePageFinishesTheGame() throws Exception {
        Chromium.check();
        int port = HealthyServe.freePort();
        Path db = dir.resolve("serve.db");
        Path log = dir.resolve("serve.log");
        server = serve(port, db, log);
        driver = Chromium.start();

        // a game the agent ends with its answer to the first move (it accepts) has no move after the restart to
        // answer; another scenario is played then, at most three games in all
        Played g = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            Played p = playOnce(port, db, log, (attempt + 1) % 2);
            int lastAlice = -1;
            boolean answered = false;
            for (JsonNode m : p.transcript()) {
                int index = m.get("index").asInt();
                if (m.get("player").asText().equals("Alice") && index >= p.atKill()) {
                    lastAlice = index;
                } else if (m.get("player").asText().equals("Bob") && lastAlice >= 0 && index > lastAlice) {
                    answered = true;
                }
            }
            if (answered) {
                g = p;
                break;
            }
        }
        assertThat(g).as("in three games the agent answered a move Alice made after the restart").isNotNull();

        List<Message> messages = new ArrayList<>();
        int k = 0;
        for (JsonNode m : g.transcript()) {
            String player = m.get("player").asText();
            if (player.equals("Alice")) {
                assertThat(m.get("text").asText()).isEqualTo(g.mine().get(k++));
            }
            messages.add(Pages.message(FRUIT, m));
        }
        assertThat(k).isEqualTo(g.mine().size());
        assertThat(driver.findElements(By.cssSelector("#transcript li"))).hasSize(g.transcript().size());
        JsonNode payoffs = JSON.readTree(HealthyServe.get(port, "/ui/api/dialogues/" + g.id()).body()).get("payoffs");
        Pages.payoffsShownAreExact(driver, FRUIT, FRUIT.scenarios(2, 1).get(g.scenario()), messages, payoffs);
    }
}
