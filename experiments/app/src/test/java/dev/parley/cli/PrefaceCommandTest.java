package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.llm.testing.FakeOpenAiServer;
import dev.parley.llm.testing.FakeOpenAiServer.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrefaceCommandTest {

    /** The shipped examples, read where the README points (examples/ at the repository root). */
    static final Path CLIMATE = Path.of("../..", "examples", "climate-argue.dcrs.json");
    static final Path DISARM = Path.of("../..", "examples", "disarm-disagree.dcrs.json");

    @TempDir
    Path dir;

    @Test
    void theShippedExamplesFillOffline() throws Exception {
        CliRun r = parley("preface", "--dcrs", CLIMATE.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("valid (version 1.1, move argue, instruction logos)")
                .contains("== prompt ==\nWe should take climate change seriously because $response")
                .contains("== filled move (backend: offline-realiser, attempts: 1) ==\n"
                        + "We should take climate change seriously because ")
                .contains("\"speaker\" : \"self\"");
        CliRun j = parley("preface", "--dcrs", DISARM.toString(), "--json", "--speaker", "p-17", "--seed", "4");
        JsonNode json = j.successJson();
        assertThat(json.get("backend").asText()).isEqualTo("offline-realiser");
        assertThat(json.get("text").asText()).startsWith("I disagree with \"Britain should disarm\" because ")
                .doesNotContain("$");
        assertThat(json.at("/reply/speaker").asText()).isEqualTo("p-17");
        assertThat(json.at("/reply/target").asText()).isEqualTo("Bob");
        assertThat(json.at("/reply/reply/p").asText()).isEqualTo("Britain should disarm");
        assertThat(json.at("/reply/reply/q").asText()).isEqualTo(json.get("response").asText());
        assertThat(json.at("/prompt/messages/0/role").asText()).isEqualTo("system");
    }

    @Test
    void promptOnlyCallsNoModel() throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            CliRun r = parley("preface", "--dcrs", DISARM.toString(), "--prompt-only", "--llm", "openai",
                    "--base-url", server.baseUrl(), "--model", "m", "--cache-mode", "off");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains("Write the value in this manner: calm.")
                    .endsWith("== prompt ==\nI disagree with \"Britain should disarm\" because $response\n");
            assertThat(server.requestCount()).isZero();
        }
    }

    @Test
    void anOpenAiServerIsUsedThroughTheCacheAndReplayed() throws Exception {
        Path cache = dir.resolve("calls.sqlite");
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.enqueue(Reply.response("deterrence has kept the peace between great powers"));
            String[] args = {"preface", "--dcrs", DISARM.toString(), "--llm", "openai", "--base-url",
                server.baseUrl(), "--model", "m", "--cache", cache.toString(), "--json"};
            CliRun first = parley(args);
            JsonNode a = first.successJson();
            assertThat(a.get("backend").asText()).isEqualTo("openai:m");
            assertThat(a.get("text").asText()).isEqualTo("I disagree with \"Britain should disarm\" because"
                    + " deterrence has kept the peace between great powers");
            assertThat(a.at("/llm_calls/model_calls").asInt()).isEqualTo(1);
            CliRun second = parley(args);
            assertThat(second.successJson().at("/llm_calls/cache_hits").asInt()).isEqualTo(1);
            assertThat(server.requestCount()).isEqualTo(1);
        }
        // the server is gone: replay still answers from the cache, and a new seed is a clear miss
        String[] replay = {"preface", "--dcrs", DISARM.toString(), "--llm", "openai", "--base-url",
            "http://127.0.0.1:9/v1", "--model", "m", "--cache", cache.toString(), "--cache-mode", "replay"};
        assertThat(parley(replay).code()).isZero();
        String[] miss = java.util.Arrays.copyOf(replay, replay.length + 2);
        miss[replay.length] = "--seed";
        miss[replay.length + 1] = "5";
        CliRun r = parley(miss);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: replay mode: the cache jdbc:sqlite:")
                .contains("on the prompt \"I disagree with \"Britain should disarm\" because $response\"")
                .doesNotContain("\n");

        CliRun stats = parley("cache", "stats", "--cache", cache.toString(), "--json");
        assertThat(stats.successJson().get("entries").asInt()).isEqualTo(1);
        Path export = dir.resolve("calls.jsonl");
        assertThat(parley("cache", "export", "--cache", cache.toString(), "--out", export.toString()).out())
                .isEqualTo("exported 1 entry to " + export + "\n");
        Path other = dir.resolve("other.sqlite");
        CliRun imp = parley("cache", "import", "--cache", other.toString(), export.toString());
        assertThat(imp.out()).startsWith("read 1 entry from " + export + ", added 1 to jdbc:sqlite:");
        assertThat(parley("cache", "stats", "--cache", other.toString()).out()).contains("entries: 1")
                .contains("openai    m      1");
    }

    @Test
    void badInputGivesOneLineAndExitCode2() throws Exception {
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, Files.readString(DISARM).replace("\"oppose\"", "\"against\"")
                .replace("\"move_name\": \"DisagreeReason\",", ""));
        Path notJson = dir.resolve("not.json");
        Files.writeString(notJson, "{\"metadata\": ");
        String[][] cases = {
            {"preface", "--dcrs", broken.toString()},
            {"preface", "--dcrs", notJson.toString()},
            {"preface", "--dcrs", dir.resolve("absent.json").toString()},
            {"preface", "--dcrs", DISARM.toString(), "--llm", "magic"},
            {"preface", "--dcrs", DISARM.toString(), "--llm", "openai"},
            {"preface", "--dcrs", DISARM.toString(), "--llm", "openai", "--model", "m", "--base-url",
                "http://127.0.0.1:9/v1", "--cache-mode", "sometimes"},
            {"preface", "--dcrs", DISARM.toString(), "--llm", "openai", "--model", "m", "--base-url",
                "http://127.0.0.1:9/v1", "--cache-mode", "off", "--retries", "0", "--timeout", "2"},
            {"cache", "stats", "--cache", dir.resolve("none.sqlite").toString()},
            {"cache", "import", "--cache", dir.resolve("x.sqlite").toString(), notJson.toString()},
        };
        for (String[] args : cases) {
            CliRun r = parley(args);
            assertThat(r.code()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).as(String.join(" ", args)).startsWith("parley: ").doesNotContain("\n")
                    .doesNotContain("Exception");
        }
        CliRun r = parley("preface", "--dcrs", broken.toString());
        assertThat(r.err()).contains("invalid DCRS: ").contains("/response/move_name: required property")
                .contains("(rule: required)").contains("/topic/stance").contains("(rule: enum)");
    }
}
