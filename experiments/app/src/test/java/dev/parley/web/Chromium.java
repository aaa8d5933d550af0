package dev.parley.web;

import dev.parley.testing.Require;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Headless Chromium from Debian's packages ({@code chromium}, {@code chromium-driver}) under Selenium, with the
 * browser console captured. Where they are missing the browser tests are skipped with a message saying how to
 * install them, unless {@code -Dparley.require.browser=true} (what {@code .ci/run} passes once it has installed
 * them), which makes their absence a failure.
 */
final class Chromium {

    private static final List<String> BROWSERS = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");
    private static final List<String> DRIVERS = List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");

    private Chromium() {
    }

    /** Skips the calling tests (or fails them, when required) if there is no Chromium here. */
    static void check() {
        Path browser = first(BROWSERS);
        Path driver = first(DRIVERS);
        if (browser == null || driver == null) {
            String why = "no headless Chromium here (" + (browser == null ? "no chromium" : "no chromedriver")
                    + "): install Debian's packages with apt-get install -y chromium chromium-driver (.ci/run does)";
            if ("required".equals(System.getProperty("parley.browser"))) {
                throw new AssertionError(why); // the older spelling of -Dparley.require.browser=true
            }
            Require.resource("browser", false, why);
        }
    }

    static ChromeDriver start() {
        check();
        Path browser = first(BROWSERS);
        Path driver = first(DRIVERS);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(browser.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,1000", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        options.setExperimentalOption("prefs", Map.of("credentials_enable_service", false));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile())
                .usingAnyFreePort().build();
        ChromeDriver d = new ChromeDriver(service, options);
        d.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        return d;
    }

    private static Path first(List<String> candidates) {
        for (String c : candidates) {
            Path p = Path.of(c);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
