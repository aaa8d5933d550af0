package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Scenario;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What the web tests do and check alike on a dialogue: send a move from the page in one's own words, read the API's
 * transcript as the domain's scorer reads it, and check that the payoffs the page shows are the API's and that those
 * are the exact scorer's.
 */
final class Pages {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Pages() {
    }

    /**
     * Creates a dialogue of {@code domain} on {@code scenario} from the start page the driver shows (its choices fill
     * from the API once it has loaded), and returns the new dialogue's id once its page is open.
     */
    static String createDomainDialogue(WebDriver driver, String domain, String scenario, int seconds) {
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(seconds), Duration.ofMillis(100));
        wait.until(d -> !d.findElements(By.cssSelector("#domain option[value='" + domain + "']")).isEmpty());
        new Select(driver.findElement(By.id("domain"))).selectByValue(domain);
        wait.until(d -> !d.findElements(By.cssSelector("#scenario option[value='" + scenario + "']")).isEmpty());
        new Select(driver.findElement(By.id("scenario"))).selectByValue(scenario);
        driver.findElement(By.id("create-domain")).click();
        wait.until(ExpectedConditions.titleContains("dialogue "));
        return driver.findElement(By.id("dialogue-id")).getText();
    }

    /** Whether the dialogue page shows the dialogue ended (its body's {@code data-ended}). */
    static boolean ended(WebDriver driver) {
        return "true".equals(driver.findElement(By.tagName("body")).getAttribute("data-ended"));
    }

    /**
     * Waits with {@code wait} for the seat's turn (a move form and the coach's table on the page) or for the end;
     * true when it is the seat's turn.
     */
    static boolean awaitTurn(WebDriver driver, WebDriverWait wait) {
        wait.until(d -> ended(d) || (!d.findElements(By.cssSelector("#moves form.move")).isEmpty()
                && !d.findElements(By.cssSelector("#coach-table tbody tr")).isEmpty()));
        return !ended(driver);
    }

    /** The moves the dialogue page counts (its body's {@code data-moves}). */
    static int moves(WebDriver driver) {
        return Integer.parseInt(driver.findElement(By.tagName("body")).getAttribute("data-moves"));
    }

    /** Types {@code said} into the move form and sends it; the page then counts one more move and shows no error. */
    static void send(WebDriver driver, WebElement form, String said) {
        WebElement words = form.findElement(By.tagName("textarea"));
        words.clear();
        words.sendKeys(said);
        int before = moves(driver);
        form.findElement(By.cssSelector("button[type=submit]")).click();
        new WebDriverWait(driver, Duration.ofSeconds(30), Duration.ofMillis(100)).until(d -> moves(d) > before);
        assertThat(driver.findElement(By.id("move-error")).getText()).isEmpty();
    }

    /** One entry of the API's transcript ({@code player}, {@code moveID}, {@code reply}, {@code text}) as a message. */
    static Message message(Domain d, JsonNode entry) {
        @SuppressWarnings("unchecked")
        Map<String, String> reply = JSON.convertValue(entry.get("reply"), Map.class);
        return new Message(d.protocolPlayers().indexOf(entry.get("player").asText()), entry.get("moveID").asText(),
                Contents.fromReply(reply), entry.get("text").asText());
    }

    /**
     * The payoffs the page shows are the API's {@code payoffs}, and each of those is the exact scorer's on the
     * {@code messages} of the dialogue played on {@code scenario}. Returns the exact payoffs.
     */
    static double[] payoffsShownAreExact(WebDriver driver, Domain d, Scenario scenario, List<Message> messages,
                                         JsonNode payoffs) {
        double[] exact = d.scorer().score(scenario, messages);
        for (int p = 0; p < d.protocolPlayers().size(); p++) {
            String player = d.protocolPlayers().get(p);
            assertThat(payoffs.get(player).asDouble()).as(player).isCloseTo(exact[p], within(1e-12));
            WebElement tr = driver.findElement(By.cssSelector("#payoffs tr[data-player='" + player + "']"));
            assertThat(Double.parseDouble(tr.getAttribute("data-value"))).isEqualTo(payoffs.get(player).asDouble());
        }
        return exact;
    }
}
