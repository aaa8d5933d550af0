package dev.parley.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code parley serve --port 0} as its own JVM, with the URL it announced. */
final class ServeProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");

    final Process process;
    final Loopback http;
    final Path log;

    private ServeProcess(Process process, Loopback http, Path log) {
        this.process = process;
        this.http = http;
        this.log = log;
    }

    /** Starts a server on {@code db} with the fixtures' directory offered; extra arguments follow. */
    static ServeProcess start(String db, Path log, String... extra) {
        return start(List.of(), db, log, extra);
    }

    /** As {@link #start(String, Path, String...)}, with options for the JVM (a heap limit, say). */
    static ServeProcess start(List<String> jvm, String db, Path log, String... extra) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path protocols = dev.parley.dgdl.Fixtures.dgdlDirectory();
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-cp", cp, "dev.parley.cli.Parley", "serve", "--port", "0",
                "--db", db, "--protocols", protocols.toString()));
        cmd.addAll(List.of(extra));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        String first;
        try {
            first = line.get(180, TimeUnit.SECONDS); // a JVM start on a loaded machine
        } catch (Exception e) {
            process.destroyForcibly();
            throw new AssertionError("the server did not start: " + read(log), e);
        }
        Matcher m = first == null ? null : LISTENING.matcher(first);
        if (m == null || !m.find()) {
            process.destroyForcibly();
            throw new AssertionError("unexpected first line " + first + "; log: " + read(log));
        }
        return new ServeProcess(process, new Loopback(URI.create(m.group(1))), log);
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** SIGKILL: no shutdown hook runs. Returns the exit code (137). */
    int killHard() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the server did not die");
        }
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
