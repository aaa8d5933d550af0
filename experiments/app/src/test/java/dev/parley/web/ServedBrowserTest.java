package dev.parley.web;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The fixture of a browser test against a {@code parley serve} process of its own: a loopback HTTP client, a
 * temporary directory, and the server process and the browser, both stopped after each test however it ended.
 */
abstract class ServedBrowserTest {

    protected final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    @TempDir
    protected Path dir;
    protected Process server;
    protected ChromeDriver driver;

    @AfterEach
    void stopBrowserAndServer() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        if (server != null && server.isAlive()) {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
