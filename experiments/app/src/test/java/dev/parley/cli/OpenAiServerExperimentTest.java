package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.llm.testing.LlamaServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

/**
 * One small experiment through {@code --llm openai} against a real OpenAI-compatible server: llama.cpp's own,
 * serving SmolLM2 135M on loopback as a child process ({@link LlamaServer}). Asserted is the plumbing, not the
 * model's figures: every call went to the server, every move in the run's dialogues passed the verifier and its
 * words are one of the server's answers, and with the server gone the cache replays the run with no model call.
 * SmolLM2 135M often has some move refused three times, which ends a run (see docs/models.md); the test then checks
 * that this refusal is one line naming the server's model and that the replay reaches the same refusal.
 */
@Tag("python")
@Tag("model")
class OpenAiServerExperimentTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    private CliRun run(String... args) {
        return CliRun.parley(CliRun.environment(home, Map.of()), args);
    }

    @Test
    void aSmallExperimentRunsThroughLlamaCppsServerAndTheCacheReplaysItWithNoModelCall(TestReporter reporter)
            throws Exception {
        Path model = LlamaServer.model(LlamaServer.SMOLLM2);
        String cache = home.resolve("calls.sqlite").toString();
        Path out = home.resolve("run");
        List<String> args;
        CliRun first;
        try (LlamaServer server = LlamaServer.start(Path.of("../.."), model, 1, home)) {
            // the smallest real game: one scenario, one message, the speaker's instruction chosen by the solver
            args = new ArrayList<>(List.of("experiment", "--domain", "debate", "--scenarios", "1", "--max-replies",
                    "1", "--actions", "instruction", "--iterations", "10", "--judge", "exact", "--seed", "1",
                    "--llm", "openai", "--base-url", server.baseUrl(), "--model", server.modelName(),
                    "--max-tokens", "160", "--timeout", "900", "--llm-concurrency", "1", "--cache", cache, "--json"));
            List<String> withOut = new ArrayList<>(args);
            withOut.addAll(List.of("--out", out.toString()));
            first = run(withOut.toArray(String[]::new));
        }
        // every call went to the server: its answers, with its token counts, are what the cache holds
        Path export = home.resolve("calls.jsonl");
        CliRun exported = run("cache", "export", "--cache", cache, "--out", export.toString());
        assertThat(exported.code()).as(exported.err()).isZero();
        List<String> answers = new ArrayList<>();
        for (String line : Files.readAllLines(export)) {
            JsonNode entry = JSON.readTree(line);
            assertThat(entry.path("provider").asText()).isEqualTo("openai");
            assertThat(entry.path("model").asText()).isEqualTo(LlamaServer.SMOLLM2);
            assertThat(entry.path("output_tokens").asInt()).as(line).isPositive();
            answers.add(entry.path("answer").asText());
        }
        assertThat(answers).isNotEmpty();

        // the server is gone: replay reads every answer from the cache and calls nothing (a call would be refused)
        List<String> replay = new ArrayList<>(args);
        replay.addAll(List.of("--cache-mode", "replay"));
        CliRun again = run(replay.toArray(String[]::new));
        assertThat(again.code()).as(again.err()).isEqualTo(first.code());

        reporter.publishEntry("outcome", first.code() == 0 ? "the experiment ran to its end, " + answers.size()
                + " calls" : "the verifier stopped the run after " + answers.size() + " calls: " + first.err().strip());
        if (first.code() != 0) {
            // A model this small may have a move refused three times, which ends the run: the verifier at work.
            // Then the refusal is one line naming the server's model, and the replay reaches the same one.
            assertThat(first.code()).as(first.err()).isEqualTo(2);
            assertThat(first.err().strip()).doesNotContain("\n").contains("openai:" + LlamaServer.SMOLLM2
                    + " gave no acceptable answer for the ").contains(" in 3 attempts; last refusal: ");
            assertThat(again.err()).isEqualTo(first.err());
            return;
        }
        JsonNode report = JSON.readTree(first.out()).get(0);
        assertThat(report.path("backend").asText()).contains("openai:" + LlamaServer.SMOLLM2);
        assertThat(report.path("calls").path("total").asInt()).isPositive();
        assertThat(report.path("calls").path("cached").asInt()).isZero(); // a fresh cache: every call went out
        assertThat(answers).hasSize(report.path("calls").path("total").asInt());
        assertThat(report.path("verification").path("requested").asInt()).isPositive();

        // every message of the kept dialogues: an accepted move whose words are one of the server's answers
        List<String> lines = Files.readAllLines(out.resolve("dialogues.jsonl"));
        assertThat(lines).isNotEmpty();
        for (String line : lines) {
            for (JsonNode m : JSON.readTree(line).path("messages")) {
                String text = m.path("text").asText();
                assertThat(text).isNotBlank();
                assertThat(answers).as("the words of %s", m).anyMatch(a -> wordsOf(a).equals(text));
            }
        }
        JsonNode second = JSON.readTree(again.out()).get(0);
        assertThat(second.path("calls").path("cached").asInt()).isEqualTo(second.path("calls").path("total").asInt())
                .isEqualTo(report.path("calls").path("total").asInt());
        for (String field : List.of("nash_conv", "cfr_gain", "payoffs", "verification", "nodes")) {
            assertThat(second.path(field)).as(field).isEqualTo(report.path(field));
        }
    }

    /** The words of a move's raw structured answer ({@code {"text": ...}}), stripped as the generator keeps them. */
    private static String wordsOf(String answer) {
        try {
            JsonNode n = JSON.readTree(answer);
            return n != null && n.path("text").isTextual() ? n.path("text").asText().strip() : "";
        } catch (Exception e) {
            return "";
        }
    }
}
