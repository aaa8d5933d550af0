package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.llm.llamacpp.testing.TestModels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --llm local}: bad model files end in one line and exit 2; a real model fills a move and replays it. */
class LocalModelCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DCRS = "../../examples/climate-argue.dcrs.json";

    @TempDir
    Path home;

    private CliRun run(Map<String, String> env, String... args) {
        return CliRun.parley(CliRun.environment(home, env), args);
    }

    @Test
    void noModelFileIsOneLineNamingTheWaysToGiveOne() {
        CliRun r = run(Map.of(), "preface", "--dcrs", DCRS, "--llm", "local");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").startsWith("parley: --llm local needs --model-file FILE.gguf (or"
                + " PARLEY_MODEL_FILE, or model_file in ");
    }

    @Test
    void aFileThatIsNotGgufIsRefusedBeforeAnythingRuns() throws Exception {
        Path bad = Files.writeString(home.resolve("notes.gguf"), "just text, not a model\n");
        CliRun r = run(Map.of(), "preface", "--dcrs", DCRS, "--llm", "local", "--model-file", bad.toString(),
                "--cache-mode", "off");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n")
                .contains("notes.gguf: not a GGUF file (it does not start with the bytes GGUF)");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void theEnvironmentNamesTheModelFileWhenNoFlagDoes() throws Exception {
        Path missing = home.resolve("absent.gguf");
        CliRun r = run(Map.of("PARLEY_MODEL_FILE", missing.toString()), "preface", "--dcrs", DCRS, "--llm", "local",
                "--cache-mode", "off");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("parley: " + missing + ": no such model file (fetch the test models with"
                + " scripts/models.sh, or give a GGUF file)");
    }

    @Test
    void theConfigFileNamesTheModelFileWhenNoFlagOrVariableDoes() throws Exception {
        Path missing = home.resolve("from-config.gguf");
        Path config = home.resolve(".config/parley/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "model_file = \"" + missing + "\"\n");
        CliRun r = run(Map.of(), "preface", "--dcrs", DCRS, "--llm", "local", "--cache-mode", "off");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: " + missing + ": no such model file");
    }

    /**
     * A replay never calls the model, so the file is not even opened: an absent one gets as far as the cache, whose
     * miss is the error (a live run stops at the file).
     */
    @Test
    void aReplayDoesNotLoadTheModelFile() throws Exception {
        Path cache = home.resolve("empty.sqlite");
        Path empty = Files.writeString(home.resolve("empty.jsonl"), "");
        assertThat(run(Map.of(), "cache", "import", "--cache", cache.toString(), empty.toString()).code()).isZero();
        String absent = home.resolve("absent.gguf").toString();
        CliRun replay = run(Map.of(), "preface", "--dcrs", DCRS, "--llm", "local", "--model-file", absent, "--cache",
                cache.toString(), "--cache-mode", "replay");
        assertThat(replay.code()).isEqualTo(2);
        assertThat(replay.err().strip()).startsWith("parley: replay mode: the cache ").doesNotContain("\n")
                .doesNotContain("no such model file");
        CliRun live = run(Map.of(), "preface", "--dcrs", DCRS, "--llm", "local", "--model-file", absent, "--cache",
                cache.toString(), "--cache-mode", "read-only");
        assertThat(live.err().strip()).startsWith("parley: " + absent + ": no such model file");
    }

    @Test
    void aBadTopPIsRefusedOffline() {
        CliRun r = run(Map.of(), "preface", "--dcrs", DCRS, "--top-p", "1.5");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--top-p must be in (0, 1]");
    }

    @Test
    void aBadRepeatPenaltyIsRefusedOffline() {
        CliRun r = run(Map.of(), "preface", "--dcrs", DCRS, "--repeat-penalty", "0");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("parley: --repeat-penalty must be in (0, 10] (1: none), got 0");
    }

    @Test
    @Tag("model")
    void aRealModelFillsTheMoveAndTheCacheReplaysItWithNoModelCall() throws Exception {
        Path model = TestModels.smollm2();
        String cache = home.resolve("calls.sqlite").toString();
        String[] args = {"preface", "--dcrs", DCRS, "--llm", "local", "--model-file", model.toString(), "--cache",
                cache, "--json", "--seed", "3", "--max-tokens", "96"};
        CliRun first = run(Map.of(), args);
        assertThat(first.code()).as(first.err()).isZero();
        JsonNode a = JSON.readTree(first.out());
        assertThat(a.path("backend").asText()).isEqualTo("local:SmolLM2-135M-Instruct.Q4_1.gguf");
        assertThat(a.path("response").asText()).isNotBlank();
        assertThat(a.path("text").asText()).contains(a.path("response").asText()); // the model's words, filled in
        assertThat(a.path("llm_calls").path("model_calls").asInt()).isPositive();

        String[] replay = java.util.Arrays.copyOf(args, args.length + 2);
        replay[args.length] = "--cache-mode";
        replay[args.length + 1] = "replay";
        CliRun again = run(Map.of(), replay);
        assertThat(again.code()).as(again.err()).isZero();
        JsonNode b = JSON.readTree(again.out());
        assertThat(b.path("text").asText()).isEqualTo(a.path("text").asText());
        assertThat(b.path("llm_calls").path("model_calls").asInt()).isZero();
        assertThat(b.path("llm_calls").path("cache_hits").asInt())
                .isEqualTo(a.path("llm_calls").path("model_calls").asInt());

        // no cache at all: the same seed gives the same words again (the model, not the cache, is deterministic)
        String[] cold = java.util.Arrays.copyOf(args, args.length + 2);
        cold[args.length] = "--cache-mode";
        cold[args.length + 1] = "off";
        CliRun fresh = run(Map.of(), cold);
        assertThat(fresh.code()).as(fresh.err()).isZero();
        assertThat(JSON.readTree(fresh.out()).path("text").asText()).isEqualTo(a.path("text").asText());
    }
}
