package dev.parley.cli;

import static dev.parley.cli.CliRun.environment;
import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Model settings from the environment and the config file, under a temporary home; flags override both. */
class ModelSettingsTest {

    @TempDir
    Path home;

    private Path config(String text) throws Exception {
        Path file = home.resolve(".config/parley/config.toml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    @Test
    void defaultsWithoutEnvironmentOrFile() {
        ModelSettings s = ModelSettings.resolve(environment(home, Map.of()));
        assertThat(s).isEqualTo(new ModelSettings(LlmConfig.OPENAI_URL, null, "OPENAI_API_KEY"));
    }

    @Test
    void theEnvironmentBeatsTheFileAndFlagsBeatBoth() throws Exception {
        config("""
                # where my model runs
                base_url = "http://localhost:8000/v1"   # vLLM
                model = 'file-model'
                api_key_env = "FILE_KEY"
                """);
        CliEnvironment env = environment(home, Map.of("PARLEY_MODEL", "env-model"));
        ModelSettings s = ModelSettings.resolve(env);
        assertThat(s).isEqualTo(new ModelSettings("http://localhost:8000/v1", "env-model", "FILE_KEY"));
        assertThat(s.override(null, "flag-model", null))
                .isEqualTo(new ModelSettings("http://localhost:8000/v1", "flag-model", "FILE_KEY"));
        assertThat(ModelSettings.resolve(environment(home, Map.of("PARLEY_BASE_URL", "http://h:1/v1",
                "PARLEY_API_KEY_ENV", "K", "PARLEY_MODEL", "m")))).isEqualTo(new ModelSettings("http://h:1/v1", "m", "K"));
    }

    @Test
    void xdgConfigHomeMovesTheFile(@TempDir Path xdg) throws Exception {
        Files.createDirectories(xdg.resolve("parley"));
        Files.writeString(xdg.resolve("parley/config.toml"), "model = \"xdg-model\"\n");
        assertThat(ModelSettings.resolve(environment(home, Map.of("XDG_CONFIG_HOME", xdg.toString()))).model())
                .isEqualTo("xdg-model");
    }

    @Test
    void aBadConfigFileNamesFileLineAndColumn() throws Exception {
        String[][] cases = {
            {"model = \"m\"\nbase_url = http://x\n", ":2:12: expected a quoted string"},
            {"\n\nmodle = \"m\"\n", ":3:1: unknown key 'modle' (keys: api_key_env, base_url, model, model_file)"},
            {"[llm]\n", ":1:1: tables are not supported"},
            {"model = \"m\"\nmodel = \"n\"\n", ":2:1: model is set twice"},
            {"model = \"m\n", ":1:9: unterminated string"},
            {"model \"m\"\n", ":1:1: expected key = \"value\""},
            {"model = \"m\" extra\n", ":1:13: unexpected 'extra' after the value"},
            {"  model  =  'm'\n  modle = \"x\"\n", ":2:3: unknown key 'modle'"},
            {"model = \"a\\qb\"\n", ":1:11: unknown escape \\q"},
        };
        for (String[] c : cases) {
            Path file = config(c[0]);
            assertThatThrownBy(() -> ModelSettings.resolve(environment(home, Map.of())))
                    .isInstanceOf(UserInputException.class).hasMessageStartingWith(file + c[1]);
        }
    }

    @Test
    void theCommandLineUsesTheSettingsAndFlagsWin() throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(FakeOpenAiServer.numberedResponses("deterrence works"));
            config("base_url = \"" + server.baseUrl() + "\"\nmodel = \"file-model\"\n");
            String[] args = {"preface", "--dcrs", PrefaceCommandTest.DISARM.toString(), "--llm", "openai",
                "--cache-mode", "off", "--json"};
            CliRun fromFile = parley(environment(home, Map.of()), args);
            assertThat(fromFile.successJson().get("backend").asText()).isEqualTo("openai:file-model");

            CliRun fromEnv = parley(environment(home, Map.of("PARLEY_MODEL", "env-model")), args);
            assertThat(Json.MAPPER.readTree(fromEnv.out()).get("backend").asText()).isEqualTo("openai:env-model");

            String[] withFlag = java.util.Arrays.copyOf(args, args.length + 2);
            withFlag[args.length] = "--model";
            withFlag[args.length + 1] = "flag-model";
            CliRun fromFlag = parley(environment(home, Map.of("PARLEY_MODEL", "env-model")), withFlag);
            JsonNode j = Json.MAPPER.readTree(fromFlag.out());
            assertThat(j.get("backend").asText()).isEqualTo("openai:flag-model");
            assertThat(server.requests()).extracting(r -> r.get("model").asText())
                    .containsExactly("file-model", "env-model", "flag-model");
        }
    }

    @Test
    void errorsAreOneLineWithExit2() throws Exception {
        String[] args = {"preface", "--dcrs", PrefaceCommandTest.DISARM.toString(), "--llm", "openai"};
        CliRun none = parley(environment(home, Map.of()), args);
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).isEqualTo("parley: --llm openai needs --model (or PARLEY_MODEL, or model in "
                + home.resolve(".config/parley/config.toml") + "), e.g. gpt-4o-mini or the name your server serves\n");
        Path file = config("model = 3\n");
        CliRun bad = parley(environment(home, Map.of()), args);
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("parley: " + file + ":1:9: expected a quoted string, e.g."
                + " \"http://localhost:8000/v1\"\n");
        // offline commands never read the file, so a broken one cannot stop them
        assertThat(parley(environment(home, Map.of()), "preface", "--dcrs", PrefaceCommandTest.DISARM.toString())
                .code()).isZero();
    }

    @Test
    void replayNeedsNoKeyAndNoServer(@TempDir Path dir) throws Exception {
        String cache = dir.resolve("calls.sqlite").toString();
        CliEnvironment env = environment(home, Map.of());
        assertThat(parley(env, "cache", "import", "--cache", cache,
                ReadmeCommandsTest.ROOT.resolve("examples/calls.jsonl").toString()).code()).isZero();
        // the default server is OpenAI's, which would want OPENAI_API_KEY; replay calls no server at all
        CliRun r = parley(env, "preface", "--dcrs", PrefaceCommandTest.DISARM.toString(), "--llm", "openai",
                "--model", "my-model", "--cache", cache, "--cache-mode", "replay", "--json");
        assertThat(r.successJson().at("/llm_calls/cache_hits").asInt()).isEqualTo(1);
        CliRun live = parley(env, "preface", "--dcrs", PrefaceCommandTest.DISARM.toString(), "--llm", "openai",
                "--model", "my-model", "--cache", cache);
        assertThat(live.code()).isEqualTo(2);
        assertThat(live.err()).startsWith("parley: no API key: set the environment variable OPENAI_API_KEY");
    }
}
