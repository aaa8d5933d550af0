package dev.parley.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Starts a {@code parley serve} process and waits until it answers /health on loopback, or fails with its log. */
final class HealthyServe {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private HealthyServe() {
    }

    static Process start(ProcessBuilder pb, int port, Path log, Duration wait) throws IOException, InterruptedException {
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process p = pb.start();
        long deadline = System.nanoTime() + wait.toNanos();
        HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                .timeout(Duration.ofSeconds(30)).GET().build();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new AssertionError("parley serve exited: " + Files.readString(log));
            }
            try {
                if (HTTP.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return p;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        p.destroyForcibly();
        throw new AssertionError("parley serve did not answer /health within " + wait.toSeconds() + " s: "
                + Files.readString(log));
    }
}
