package dev.parley.web;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a {@code parley serve} process and waits until it answers /health on loopback, or fails with its log; and the
 * little the process tests need around it (a free port, the command line, a GET).
 */
final class HealthyServe {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private HealthyServe() {
    }

    /** {@code parley serve --host 127.0.0.1 --port PORT ARGS...} in a new JVM on the tests' class path. */
    static ProcessBuilder command(int port, String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", cp, "dev.parley.cli.Parley", "serve", "--host",
                "127.0.0.1", "--port", Integer.toString(port)));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }

    /** A loopback port free now, for a server that must come back on the same one. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** GET {@code path} of the server on {@code port}. */
    static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
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
