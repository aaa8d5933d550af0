package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.cli.Parley;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.domain.fruit.Fruits;
import dev.parley.server.DialogueService;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web interface in a real browser (headless Chromium under Selenium): a person creates a fruit-trading dialogue
 * in the page, joins it, invites the steered agent, plays through the move forms in their own words to the end, and
 * the transcript and payoffs shown are the API's; the coach's probabilities sum to 1; a fruit the person does not
 * hold is refused with the reason shown; every control is reached with Tab; a transcript of 1,000 messages is
 * rendered (its time is measured and reported, not asserted); the report pages show a real experiment report. No
 * page logs a console error. Screenshots go to {@code target/browser} (or {@code -Dparley.screenshots=DIR}).
 */
@Tag("browser")
class BrowserTest {

    private static final Domain FRUIT = FruitTrading.domain();
    @TempDir
    static Path dir;
    private static WebFixture web;
    private static ChromeDriver driver;
    private static Path shots;

    @BeforeAll
    static void start() throws Exception {
        Chromium.check();
        Path reports = Files.createDirectories(dir.resolve("reports"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Parley.execute(new PrintWriter(out), new PrintWriter(err), "experiment", "--domain",
                "fruit-trading", "--seeds", "2", "--max-replies", "2", "--iterations", "30", "--out",
                reports.resolve("fruit-trading").toString());
        assertThat(code).as(err.toString()).isZero();
        web = new WebFixture(dir, List.of(reports));
        shots = Path.of(System.getProperty("parley.screenshots", "target/browser"));
        Files.createDirectories(shots);
    }

    /** A browser of its own for each test: a crashed tab (memory is short on a shared machine) spoils no other test. */
    @BeforeEach
    void browser() {
        driver = Chromium.start();
    }

    @AfterAll
    static void stop() {
        if (web != null) {
            web.close();
        }
    }

    /** Console errors a test provoked on purpose (a request the server must refuse), as parts of their text. */
    private static final List<String> PROVOKED = new ArrayList<>();

    /**
     * Every page a test visited logged no error (a failed request, a script error) in the browser console, but those
     * the test provoked on purpose.
     */
    @AfterEach
    void noConsoleErrors() {
        List<String> errors = new ArrayList<>();
        try {
            for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
                if (e.getLevel().intValue() >= Level.SEVERE.intValue()
                        && PROVOKED.stream().noneMatch(e.getMessage()::contains)) {
                    errors.add(e.getMessage());
                }
            }
        } finally {
            PROVOKED.clear();
            driver.quit();
        }
        assertThat(errors).as("JavaScript console errors").isEmpty();
    }

    private static WebDriverWait waiting(int seconds) {
        return new WebDriverWait(driver, Duration.ofSeconds(seconds), Duration.ofMillis(100));
    }

    private static Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** The whole page: the window is made as tall as the page for the shot. */
    private static void shot(String name) throws Exception {
        org.openqa.selenium.Dimension before = driver.manage().window().getSize();
        long height = (Long) js("return Math.ceil(document.documentElement.scrollHeight);");
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(before.getWidth(),
                (int) Math.min(4000, height + 140)));
        Files.write(shots.resolve(name), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(before);
    }

    @Test
    void aPersonCreatesJoinsInvitesTheAgentAndPlaysThroughTheFormsToTheEnd() throws Exception {
        driver.get(web.uri() + "/");
        assertThat(driver.getTitle()).startsWith("Parley");
        String id = Pages.createDomainDialogue(driver, "fruit-trading", "0", 10);
        assertThat(driver.getTitle()).startsWith("Parley");
        assertThat(driver.getCurrentUrl()).endsWith("?id=" + id);

        // the list shows it, its id as text
        driver.get(web.uri() + "/");
        waiting(10).until(d -> !d.findElements(By.cssSelector("#dialogues tr[data-id='" + id + "']")).isEmpty());
        WebElement row = driver.findElement(By.cssSelector("#dialogues tr[data-id='" + id + "']"));
        assertThat(row.findElement(By.cssSelector("a")).getText()).isEqualTo(id);
        assertThat(row.getText()).contains("fruit-trading").contains("waiting for players").contains("Alice")
                .contains("Bob");
        row.findElement(By.cssSelector("a")).click();
        waiting(10).until(ExpectedConditions.titleContains(id));

        waiting(10).until(ExpectedConditions.elementToBeClickable(By.id("join-Alice"))).click();
        waiting(10).until(ExpectedConditions.textToBe(By.id("you-player"), "Alice"));
        assertThat(driver.findElement(By.id("private")).getText()).contains("You have");
        waiting(10).until(ExpectedConditions.elementToBeClickable(By.id("invite-Bob"))).click();
        waiting(10).until(ExpectedConditions.textToBePresentInElementLocated(By.id("agent-state"), "as Bob"));

        List<String> mine = new ArrayList<>();
        boolean refusedOnce = false;
        boolean tabbed = false;
        while (Pages.awaitTurn(driver, waiting(90))) {
            assertThat(driver.findElement(By.id("agent-state")).getText()).doesNotContain("stopped");
            // the coach: a distribution over move x instruction for this seat, with words for each
            double sum = 0;
            for (WebElement tr : driver.findElements(By.cssSelector("#coach-table tbody tr"))) {
                sum += Double.parseDouble(tr.getAttribute("data-probability"));
                assertThat(tr.findElements(By.tagName("td")).get(2).getText()).isNotBlank();
            }
            assertThat(sum).as("coach probabilities").isCloseTo(1.0, within(1e-9));
            if (!refusedOnce) {
                refuseAFruitNotHeld();
                refusedOnce = true;
                driver.navigate().refresh(); // the seat survives a reload; the forms come back prefilled
                waiting(30).until(d -> !d.findElements(By.cssSelector("#moves form.move")).isEmpty());
                shot("dialogue.png");
            }
            if (!tabbed) {
                everyControlIsReachedWithTab();
                tabbed = true;
            }
            WebElement form = driver.findElements(By.cssSelector("#moves form.move")).get(0);
            String move = form.getAttribute("data-move");
            String said = "In my own words, turn " + mine.size() + ": I think this " + move + " is fair to us both.";
            Pages.send(driver, form, said);
            mine.add(said);
        }
        assertThat(mine).isNotEmpty();
        waiting(30).until(ExpectedConditions.visibilityOfElementLocated(By.id("payoffs-panel")));
        shot("dialogue-end.png");

        // the transcript shown is the API's, entry for entry; the person's words are theirs
        JsonNode api = web.get("/dialogue/" + id + "/transcript").json().get("transcript");
        List<WebElement> shown = driver.findElements(By.cssSelector("#transcript li"));
        assertThat(shown).hasSize(api.size());
        List<Message> messages = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < api.size(); i++) {
            JsonNode m = api.get(i);
            WebElement li = shown.get(i);
            assertThat(li.findElement(By.className("who")).getText()).isEqualTo(m.get("player").asText());
            assertThat(li.findElement(By.className("move")).getText()).isEqualTo(m.get("moveID").asText());
            assertThat(li.findElement(By.className("words")).getText()).isEqualTo(m.get("text").asText());
            if (m.get("player").asText().equals("Alice")) {
                assertThat(m.get("text").asText()).isEqualTo(mine.get(k++));
            }
            messages.add(Pages.message(FRUIT, m));
        }
        // the agent answered every move the person made, unless that move ended the dialogue
        Message last = messages.get(messages.size() - 1);
        assertThat(last.speaker() == 1 || last.moveId().equals("accept")).as(messages.toString()).isTrue();
        // the payoffs shown are the API's, and those are the exact scorer's on the API's transcript
        JsonNode payoffs = web.get("/ui/api/dialogues/" + id).json().get("payoffs");
        payoffsShownToFourPlaces(Pages.payoffsShownAreExact(driver, FRUIT, FRUIT.scenarios(2, 1).get(0), messages,
                payoffs), FRUIT);
    }

    /**
     * Campsite (CaSiNo's negotiation) in the pages: a person creates the dialogue, joins as the first camper,
     * invites the steered agent as the second, and plays through the forms in their own words (something said
     * first, then deals, accepting one on the table) until the dialogue ends; the payoffs shown are the API's,
     * which are CaSiNo's exact scorer's on the API's transcript. An API refusal on the way is shown as a message.
     */
    @Test
    void aCampsiteDialogueIsPlayedInThePagesToItsEndAndShowsThePayoffs() {
        Domain campsite = Campsite.domain();
        driver.get(web.uri() + "/");
        String id = Pages.createDomainDialogue(driver, Campsite.NAME, "1", 10);
        waiting(10).until(ExpectedConditions.elementToBeClickable(By.id("join-First"))).click();
        waiting(10).until(ExpectedConditions.textToBe(By.id("you-player"), "First"));
        assertThat(driver.findElement(By.id("private")).getText()).isNotBlank();
        waiting(10).until(ExpectedConditions.elementToBeClickable(By.id("invite-Second"))).click();
        waiting(10).until(ExpectedConditions.textToBePresentInElementLocated(By.id("agent-state"), "as Second"));

        List<String> mine = new ArrayList<>();
        List<String> order = List.of(Campsite.SAY, Campsite.SUBMIT, Campsite.ACCEPT, Campsite.REJECT);
        while (Pages.awaitTurn(driver, waiting(90))) {
            // said something once, then deals: the first of the preferred moves offered (walking away only if
            // nothing else is)
            List<WebElement> forms = driver.findElements(By.cssSelector("#moves form.move"));
            WebElement form = forms.get(0);
            for (String move : mine.isEmpty() ? order : order.subList(1, order.size())) {
                WebElement f = forms.stream().filter(x -> move.equals(x.getAttribute("data-move"))).findFirst()
                        .orElse(null);
                if (f != null) {
                    form = f;
                    break;
                }
            }
            String said = "My own words, turn " + mine.size() + ": this " + form.getAttribute("data-move")
                    + " suits our trip.";
            if (mine.isEmpty()) {
                anApiRefusalIsShownAsAMessage(form, form.findElement(By.tagName("textarea")));
            }
            Pages.send(driver, form, said);
            mine.add(said);
        }
        assertThat(mine).isNotEmpty();
        waiting(30).until(ExpectedConditions.visibilityOfElementLocated(By.id("payoffs-panel")));

        JsonNode api = web.get("/dialogue/" + id + "/transcript").json().get("transcript");
        assertThat(driver.findElements(By.cssSelector("#transcript li"))).hasSize(api.size());
        List<Message> messages = new ArrayList<>();
        int k = 0;
        for (JsonNode m : api) {
            String player = m.get("player").asText();
            if (player.equals("First")) {
                assertThat(m.get("text").asText()).isEqualTo(mine.get(k++));
            }
            messages.add(Pages.message(campsite, m));
        }
        assertThat(k).isEqualTo(mine.size());
        assertThat(messages).extracting(Message::speaker).as("the agent played the second camper").contains(1);
        JsonNode payoffs = web.get("/ui/api/dialogues/" + id).json().get("payoffs");
        payoffsShownToFourPlaces(Pages.payoffsShownAreExact(driver, campsite, campsite.scenarios(2, 1).get(1),
                messages, payoffs), campsite);
        System.out.printf(Locale.ROOT, "campsite in the pages: %d messages, payoffs %s, the game solved in %s ms%n",
                messages.size(), payoffs, web.play.solveMillis(campsite).map(String::valueOf).orElse("?"));
    }

    /** Each payoff row of the page reads the exact payoff to four decimals. */
    private static void payoffsShownToFourPlaces(double[] exact, Domain d) {
        for (int p = 0; p < exact.length; p++) {
            WebElement tr = driver.findElement(By.cssSelector("#payoffs tr[data-player='" + d.protocolPlayers().get(p)
                    + "']"));
            assertThat(tr.getText()).contains(String.format(Locale.ROOT, "%.4f", exact[p]));
        }
    }

    /**
     * The API's refusal of a move (422: words over the 4,000-character limit, set by script past the box's
     * maxlength) is shown as the error's message, not as its JSON, and nothing is moved.
     */
    private static void anApiRefusalIsShownAsAMessage(WebElement form, WebElement words) {
        js("arguments[0].value = 'w'.repeat(4001);", words);
        // Chromium logs every refused request as a console error; this one is wanted
        PROVOKED.add("/interaction/" + form.getAttribute("data-move")
                + " - Failed to load resource: the server responded with a status of 422");
        int before = Pages.moves(driver);
        form.findElement(By.cssSelector("button[type=submit]")).click();
        waiting(10).until(ExpectedConditions.textToBePresentInElementLocated(By.id("move-error"), "Refused"));
        assertThat(driver.findElement(By.id("move-error")).getText())
                .isEqualTo("Refused: \"text\" is 4001 characters, over the limit of 4000 (text length)");
        assertThat(Pages.moves(driver)).isEqualTo(before);
    }

    /**
     * The form offers to give only the fruit Alice holds, each up to what she holds (the schema lists only her
     * feasible offers). A propose giving one more of the scarcest one she holds, sent past the page's own check,
     * is refused by the server, with its reason in the page.
     */
    private static void refuseAFruitNotHeld() {
        int[] have = Fruits.have(FRUIT.scenarios(2, 1).get(0).player(0));
        WebElement form = driver.findElement(By.cssSelector("#moves form.move[data-move='propose']"));
        int f = -1;
        for (int i = 0; i < have.length; i++) {
            List<WebElement> give = form.findElements(By.id("f-propose-offer-give-" + Fruits.NAMES.get(i)));
            if (have[i] == 0) {
                assertThat(give).as("no field to give %s, which Alice does not hold", Fruits.NAMES.get(i)).isEmpty();
                continue;
            }
            assertThat(give).hasSize(1);
            assertThat(give.get(0).getAttribute("max")).isEqualTo(Integer.toString(have[i]));
            if (f < 0 || have[i] < have[f]) {
                f = i;
            }
        }
        for (WebElement n : form.findElements(By.cssSelector("input[type=number]"))) {
            n.clear();
        }
        // past the page's own bounds, as a hand-written client could send it
        js("arguments[0].noValidate = true;", form);
        form.findElement(By.id("f-propose-offer-give-" + Fruits.NAMES.get(f))).sendKeys(
                Integer.toString(have[f] + 1));
        form.findElement(By.id("f-propose-offer-get-" + Fruits.NAMES.get((f + 1) % have.length))).sendKeys("1");
        int before = Pages.moves(driver);
        form.findElement(By.cssSelector("button[type=submit]")).click();
        waiting(10).until(ExpectedConditions.textToBePresentInElementLocated(By.id("move-error"), "Refused"));
        assertThat(driver.findElement(By.id("move-error")).getText()).startsWith("Refused: you cannot give")
                .contains(Fruits.NAMES.get(f).substring(0, 4)).contains("you hold");
        assertThat(Pages.moves(driver)).isEqualTo(before);
    }

    /** Tab from the top of the page visits every enabled, visible control. */
    private static void everyControlIsReachedWithTab() {
        @SuppressWarnings("unchecked")
        List<WebElement> controls = (List<WebElement>) js("return Array.from(document.querySelectorAll("
                + "'a[href], button, input, select, textarea')).filter(e => !e.disabled && e.offsetParent !== null);");
        assertThat(controls).isNotEmpty();
        js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);");
        driver.findElement(By.tagName("body")).click();
        Set<WebElement> reached = new HashSet<>();
        Actions tab = new Actions(driver);
        for (int i = 0; i < controls.size() + 10; i++) {
            tab.sendKeys(Keys.TAB).perform();
            reached.add(driver.switchTo().activeElement());
        }
        List<String> missed = new ArrayList<>();
        for (WebElement c : controls) {
            if (!reached.contains(c)) {
                missed.add(c.getTagName() + "#" + c.getAttribute("id") + " " + c.getText());
            }
        }
        assertThat(missed).as("controls Tab never reaches").isEmpty();
    }

    @Test
    void theHomePageIsUsableWithTheKeyboardAlone() {
        driver.get(web.uri() + "/");
        waiting(10).until(d -> !d.findElements(By.cssSelector("#domain option")).isEmpty());
        everyControlIsReachedWithTab();
    }

    @Test
    void aThousandMessageTranscriptIsRenderedAndItsTimeReported() throws Exception {
        DialogueService s = web.service;
        String id = s.create("fruit-trading");
        String alice = s.join(id, "Alice").participantId();
        String bob = s.join(id, "Bob").participantId();
        for (int i = 0; i < 1000; i++) {
            boolean a = i % 2 == 0;
            String offer = "{\"give\":{\"" + (a ? "apple" : "kiwi") + "\":1},\"get\":{\"" + (a ? "kiwi" : "apple")
                    + "\":" + (1 + i % 3) + "}}";
            s.perform(id, i == 0 ? "propose" : "counter", a ? alice : bob, Map.of("offer", offer), null,
                    "Message " + i + ": how about " + (1 + i % 3) + " for one?", null);
        }
        driver.get(web.uri() + "/ui/dialogue?id=" + id);
        waiting(60).until(d -> js("return window.parleyRender ? window.parleyRender.messages : null") != null);
        long count = (Long) js("return window.parleyRender.messages;");
        double ms = ((Number) js("return window.parleyRender.ms;")).doubleValue();
        double navigation = ((Number) js("return performance.now();")).doubleValue();
        assertThat(count).isEqualTo(1000);
        assertThat(driver.findElements(By.cssSelector("#transcript li"))).hasSize(1000);
        assertThat(driver.findElement(By.cssSelector("#transcript li[data-index='999'] .words")).getText())
                .startsWith("Message 999:");
        assertThat(driver.findElement(By.id("render-note")).getText()).startsWith("Opened with 1000 messages, shown in");
        // reported, not asserted: a timing is no test outcome (JMH measures speed in bench/)
        String report = String.format(Locale.ROOT, "1000-message transcript: script start to rendered %.1f ms "
                + "(page open %.1f ms at the check), headless Chromium%n", ms, navigation);
        Files.writeString(shots.resolve("render-1000.txt"), report);
        System.out.print(report);
    }

    /**
     * The other side's move lands between the page's poll and its read of the seat (as a local model's first move
     * did in CI): the poll's answer, made stale on purpose in the browser's fetch, does not show the move, but the
     * seat offers the forms that answer it. The page must show that move no later than the forms.
     */
    @Test
    void theFormsThatAnswerAMoveNeverShowBeforeTheMove() {
        DialogueService s = web.service;
        String id = s.create("fruit-trading");
        String alice = s.join(id, "Alice").participantId();
        String bob = s.join(id, "Bob").participantId();
        driver.get(web.uri() + "/ui/dialogue?id=" + id);
        js("sessionStorage.setItem('parley.seat.' + arguments[0], JSON.stringify({participantID: arguments[1],"
                + " player: 'Bob'}));", id, bob);
        driver.navigate().refresh();
        waiting(10).until(ExpectedConditions.textToBe(By.id("you-player"), "Bob"));
        waiting(10).until(ExpectedConditions.textToBe(By.id("moves-note"), "Waiting for the other side."));
        // the first poll answer that holds Alice's move is rewritten to one without it (and with another status, so
        // the page reads its seat); the transcript shown is counted when the first form appears
        js("""
                const url = '/ui/api/dialogues/' + encodeURIComponent(arguments[0]) + '?since=';
                const real = window.fetch;
                window.staleDone = false;
                window.fetch = async (u, init) => {
                  const r = await real(u, init);
                  if (window.staleDone || !String(u).startsWith(url) || (init && init.method !== 'GET')) return r;
                  const d = await r.clone().json();
                  if (d.moves < 1) return r;
                  window.staleDone = true;
                  d.transcript = d.transcript.filter((m) => m.index < 0);
                  d.moves = 0;
                  d.status = d.status + ' (stale)';
                  return new Response(JSON.stringify(d), { status: 200, headers: r.headers });
                };
                window.shownWithFirstForm = null;
                new MutationObserver(() => {
                  if (window.shownWithFirstForm === null && document.querySelector('#moves form.move')) {
                    window.shownWithFirstForm = document.querySelectorAll('#transcript li').length;
                  }
                }).observe(document.getElementById('moves'), { childList: true });
                """, id);
        s.perform(id, "propose", alice, Map.of("offer", "{\"give\":{\"apple\":1},\"get\":{\"kiwi\":1}}"), null,
                "An apple for a kiwi?", null);
        waiting(30).until(d -> js("return window.shownWithFirstForm") != null);
        assertThat((Boolean) js("return window.staleDone")).as("the stale answer was given").isTrue();
        assertThat((Long) js("return window.shownWithFirstForm")).as("messages shown with the first form")
                .isEqualTo(1L);
        assertThat(driver.findElement(By.cssSelector("#transcript li[data-index='0'] .words")).getText())
                .isEqualTo("An apple for a kiwi?");
    }

    @Test
    void theReportPagesListAndShowAnExperimentReport() throws Exception {
        driver.get(web.uri() + "/ui/reports");
        assertThat(driver.getTitle()).startsWith("Parley");
        WebElement link = waiting(10).until(ExpectedConditions.elementToBeClickable(
                By.cssSelector("#reports tr[data-name='fruit-trading'] a")));
        everyControlIsReachedWithTab();
        link.click();
        waiting(10).until(ExpectedConditions.titleContains("report"));
        assertThat(driver.getTitle()).startsWith("Parley report");
        // the table with intervals, the three charts inlined, the most probable dialogues
        assertThat(driver.findElement(By.cssSelector("table.figures")).getText()).contains("NashConv")
                .contains("±").contains("[");
        List<WebElement> charts = driver.findElements(By.cssSelector("figure img"));
        assertThat(charts).hasSize(3);
        for (WebElement img : charts) {
            assertThat(img.getAttribute("src")).startsWith("data:image/png;base64,");
            assertThat(((Number) js("return arguments[0].naturalWidth;", img)).intValue()).isPositive();
        }
        assertThat(driver.findElements(By.cssSelector("section.dialogue"))).isNotEmpty();
        shot("report.png");
    }
}
