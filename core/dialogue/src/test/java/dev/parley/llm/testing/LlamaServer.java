package dev.parley.llm.testing;

import dev.parley.testing.Require;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * llama.cpp's own OpenAI-compatible server as a child process on 127.0.0.1, serving a GGUF file: the real server
 * behind {@code --llm openai}, where {@link FakeOpenAiServer} is a stub. It runs {@code scripts/llama_server.py}
 * with the Python of the venv that {@code scripts/llama-server.sh} installs
 * ({@code ${PARLEY_CACHE:-~/.cache/parley}/venv/llama-server}); without it, or without the model file, the test is
 * skipped with a message saying how to get them (and fails under {@code -Dparley.require.python=true} or
 * {@code -Dparley.require.model=true}). The child stops when {@link #close()} closes its standard input, or when
 * this JVM dies, since that closes the input too.
 */
public final class LlamaServer implements AutoCloseable {

    /** The instruction-tuned test model that {@code scripts/models.sh} fetches. */
    public static final String SMOLLM2 = "SmolLM2-135M-Instruct.Q4_1.gguf";
    private static final long START_SECONDS = 300;

    private final Process process;
    private final String baseUrl;
    private final Path log;
    private final String modelName;

    private LlamaServer(Process process, String baseUrl, Path log, String modelName) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.log = log;
        this.modelName = modelName;
    }

    /** {@code ${PARLEY_CACHE:-~/.cache/parley}}, where the scripts keep venvs and models. */
    public static Path cacheRoot() {
        String cache = System.getenv("PARLEY_CACHE");
        return cache != null && !cache.isBlank() ? Path.of(cache)
                : Path.of(System.getProperty("user.home"), ".cache", "parley");
    }

    /** The venv's Python, or a skip (a failure when python tools are required) saying how to install it. */
    public static Path python() {
        Path venv = cacheRoot().resolve("venv/llama-server");
        Path python = venv.resolve("bin/python");
        Require.resource("python", Files.isExecutable(python) && Files.isRegularFile(venv.resolve(".parley-installed")),
                "llama.cpp's server is not installed in " + venv + "; run scripts/llama-server.sh");
        return python;
    }

    /** A model file of {@code scripts/models.sh}, or a skip (a failure when models are required). */
    public static Path model(String name) {
        Path p = cacheRoot().resolve("models").resolve(name);
        Require.resource("model", Files.isRegularFile(p), "no model file " + p + "; fetch the test models with"
                + " scripts/models.sh");
        return p;
    }

    /**
     * Starts the server on a free loopback port and returns once it answers (the model loaded). Every prompt is
     * evaluated whole (no reuse of the previous prompt's prefix): a prefix evaluated in another split gives slightly
     * different logits, and the answers should not depend on what the server was asked before.
     *
     * @param repository the repository's root (where {@code scripts/llama_server.py} is)
     * @param model      the GGUF file
     * @param threads    CPU threads for llama.cpp
     * @param logDir     where the server's own log goes ({@code llama-server.log})
     */
    public static LlamaServer start(Path repository, Path model, int threads, Path logDir) throws IOException {
        Path python = python();
        Path script = repository.resolve("scripts/llama_server.py").toAbsolutePath().normalize();
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("no " + script + ": is " + repository + " the repository's root?");
        }
        Path log = logDir.resolve("llama-server.log");
        ProcessBuilder pb = new ProcessBuilder(List.of(python.toString(), script.toString(), "--model",
                model.toString(), "--host", "127.0.0.1", "--port", "0", "--threads", Integer.toString(threads),
                "--no-prompt-cache", "--until-stdin-closes"))
                .redirectError(log.toFile());
        Map<String, String> env = pb.environment();
        env.remove("PYTHONPATH"); // the venv's packages only
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        });
        String line;
        try {
            line = first.get(START_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            line = null;
        }
        if (line == null || !line.startsWith("listening http://127.0.0.1:")) {
            p.destroyForcibly();
            throw new IllegalStateException("llama.cpp's server did not start within " + START_SECONDS + " s (first"
                    + " line: " + line + "); its log: " + log + "\n" + tail(log));
        }
        return new LlamaServer(p, line.substring("listening ".length()).strip() + "/v1", log,
                model.getFileName().toString());
    }

    /** The OpenAI-compatible base URL, {@code http://127.0.0.1:PORT/v1}. */
    public String baseUrl() {
        return baseUrl;
    }

    /** The name the server knows the model by (its file name). */
    public String modelName() {
        return modelName;
    }

    /** The server's log so far (llama.cpp's timings of every request are in it). */
    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "";
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(unreadable)";
        }
    }

    @Override
    public void close() {
        try (OutputStream in = process.getOutputStream()) {
            in.flush();
        } catch (IOException ignored) {
            // closed already: the child is stopping anyway
        }
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
