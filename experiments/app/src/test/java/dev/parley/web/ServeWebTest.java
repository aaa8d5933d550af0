package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Contents;
import dev.parley.experiment.LoopbackTrader;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parley serve} as its own process, as a user starts it: the web interface works offline (the default, no
 * model) and with a language model ({@code --llm openai}, here the loopback OpenAI server of core's test-jar
 * trading fruit), whose words then fill the coach's advice and the steered agent's messages.
 */
@Tag("process")
class ServeWebTest {

    private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");
    private static final String MARK = "[loopback model] ";

    @TempDir
    Path dir;

    @Test
    void offlineByDefault() throws Exception {
        // WebApiTest and BrowserTest play offline dialogues to the end in-process; here: the command's default
        try (Serve s = Serve.start(dir, Map.of(), "--max-replies", "2", "--iterations", "20")) {
            assertThat(s.text("/")).contains("<title>Parley");
            assertThat(s.json("GET", "/ui/api/overview", null).get("backend").asText()).isEqualTo("offline");
            String id = s.json("POST", "/ui/api/dialogues", "{\"domain\":\"fruit-trading\",\"scenario\":1}")
                    .get("dialogueID").asText();
            JsonNode d = s.json("GET", "/ui/api/dialogues/" + id, null);
            assertThat(d.get("domain").get("backend").asText()).isEqualTo("offline");
            assertThat(d.get("domain").get("maxReplies").asInt()).isEqualTo(2);
        }
    }

    @Test
    void withALanguageModel() throws Exception {
        try (FakeOpenAiServer model = FakeOpenAiServer.start()) {
            model.fallback(r -> FakeOpenAiServer.Reply.content(LoopbackTrader.answer(r, false, MARK)));
            try (Serve s = Serve.start(dir, Map.of("PARLEY_TEST_KEY", "not-a-real-key"), "--llm", "openai",
                    "--base-url", model.baseUrl(), "--model", "trader", "--api-key-env", "PARLEY_TEST_KEY",
                    "--cache-mode", "off", "--max-replies", "2", "--iterations", "20")) {
                assertThat(s.json("GET", "/ui/api/overview", null).get("backend").asText()).contains("trader");
                List<String> agentWords = playOneTurn(s);
                assertThat(agentWords).isNotEmpty().allMatch(w -> w.startsWith(MARK));
                assertThat(model.requestCount()).isPositive();
            }
        }
    }

    /**
     * Creates a fruit-trading dialogue, joins as Alice, invites the agent as Bob, checks the coach's words come from
     * the backend, makes the coach's first move in one's own words and waits for the end (two messages).
     *
     * @return the agent's words
     */
    private static List<String> playOneTurn(Serve s) throws Exception {
        String id = s.json("POST", "/ui/api/dialogues", "{\"domain\":\"fruit-trading\",\"scenario\":0}")
                .get("dialogueID").asText();
        String me = s.json("GET", "/dialogue/" + id + "/join/Alice", null).get("participantID").asText();
        s.json("POST", "/ui/api/dialogues/" + id + "/agent", "{\"role\":\"Bob\"}");
        JsonNode seat = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            seat = s.json("POST", "/ui/api/dialogues/" + id + "/seat", "{\"participantID\":\"" + me + "\"}");
            if (seat.path("coach").has("options")) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(seat.path("coach").has("options")).as(String.valueOf(seat)).isTrue();
        boolean marked = true;
        for (JsonNode o : seat.get("coach").get("options")) {
            marked &= o.get("text").asText().startsWith(MARK);
        }
        JsonNode move = seat.get("moves").get(0);
        ObjectNode body = WebFixture.JSON.createObjectNode().put("speaker", me)
                .put("text", "My own words: shall we trade like this?");
        body.set("reply", WebFixture.JSON.valueToTree(Contents.reply(Contents.fromJsonObject(move.get("prefill")))));
        s.json("POST", "/dialogue/" + id + "/interaction/" + move.get("moveID").asText(), body.toString());
        JsonNode d = null;
        while (System.nanoTime() < deadline) {
            d = s.json("GET", "/ui/api/dialogues/" + id, null);
            if (d.get("ended").asBoolean() && d.has("payoffs")) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(d.get("ended").asBoolean()).as(String.valueOf(d)).isTrue();
        List<String> agent = new ArrayList<>();
        for (JsonNode m : d.get("transcript")) {
            if (m.get("player").asText().equals("Bob")) {
                agent.add(m.get("text").asText());
            }
        }
        // the coach's words and the agent's come from the same backend
        assertThat(marked).isEqualTo(agent.stream().allMatch(w -> w.startsWith(MARK)));
        return agent;
    }

    /** The server process, with the URL it announced. */
    private record Serve(Process process, URI uri, Path log, HttpClient http) implements AutoCloseable {

        static Serve start(Path dir, Map<String, String> env, String... extra) throws Exception {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            List<String> cmd = new ArrayList<>(List.of(java, "-cp", cp, "dev.parley.cli.Parley", "serve", "--port",
                    "0", "--db", dir.resolve("serve.db").toString()));
            cmd.addAll(List.of(extra));
            ProcessBuilder pb = new ProcessBuilder(cmd);
            Path home = Files.createDirectories(dir.resolve("home"));
            pb.environment().put("HOME", home.toString());
            pb.environment().put("XDG_CACHE_HOME", home.resolve("cache").toString());
            pb.environment().keySet().removeIf(k -> k.startsWith("PARLEY_") || k.equals("OPENAI_API_KEY"));
            pb.environment().putAll(env);
            Path log = dir.resolve("serve.log");
            pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
            Process p = pb.start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8));
            String first = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).get(60, TimeUnit.SECONDS);
            Matcher m = first == null ? null : LISTENING.matcher(first);
            if (m == null || !m.find()) {
                p.destroyForcibly();
                throw new AssertionError("the server did not start: " + first + "; " + Files.readString(log));
            }
            return new Serve(p, URI.create(m.group(1)), log, HttpClient.newHttpClient());
        }

        JsonNode json(String method, String path, String body) throws Exception {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri.resolve(path)).method(method,
                    body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                    .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(method + " " + path + ": " + r.body()).isEqualTo(200);
            return WebFixture.JSON.readTree(r.body());
        }

        String text(String path) throws Exception {
            return http.send(HttpRequest.newBuilder(uri.resolve(path)).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
        }

        @Override
        public void close() throws Exception {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
            }
        }
    }
}
