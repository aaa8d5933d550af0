package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.llm.testing.FakeOpenAiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library's errors reach the user through one mapping in {@link Parley}, not through a rewrap per command: one
 * line, {@code parley: } then the library's own message (which names the file, line and column), exit 2.
 */
class ErrorMappingTest {

    private static void oneLine(CliRun r, String expected) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("parley: " + expected);
    }

    @Test
    void aBadGambitFileIsReportedWithItsPlaceByEveryCommandThatReadsIt(@TempDir Path dir) throws Exception {
        Path nfg = dir.resolve("bad.nfg");
        Files.writeString(nfg, "NFG 1 R \"g\" { \"A\" \"B\" } { 2 x }\n");
        oneLine(parley("nfg", "--game", nfg.toString(), "--meta-solver", "nash"),
                // x is the 29th character of the line
                nfg + ":1:29: expected a strategy count or '}' but found \"x\"");
        Path efg = dir.resolve("bad.efg");
        Files.writeString(efg, "EFG 2 R \"g\" { \"A\" \"B\" }\n\"\"\nq\n");
        CliRun r = parley("solve", "--game", efg.toString(), "--solver", "cfr", "--iterations", "1");
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: " + efg + ":3:1: ").doesNotContain("\n");
    }

    @Test
    void aFailingModelIsNamedWithTheDomainAndTheModel() {
        // the study adds where the error happened (the domain, the language model) to the model's own error
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(request -> FakeOpenAiServer.Reply.status(401, "no such key"));
            CliRun r = parley("study", "reward", "--domain", "fruit-trading", "--samples", "1", "--llm", "openai",
                    "--base-url", server.baseUrl(), "--model", "m", "--cache-mode", "off", "--judge", "llm");
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("parley: fruit-trading: language model: ").doesNotContain("\n")
                    .doesNotContain("Exception");
        }
    }

    @Test
    void anUnsolvableGameIsBadInputToo(@TempDir Path dir) throws Exception {
        Path nfg = dir.resolve("three.nfg");
        Files.writeString(nfg, "NFG 1 R \"g\" { \"A\" \"B\" \"C\" } { 1 1 1 }\n1 2 3\n");
        CliRun r = parley("nfg", "--game", nfg.toString(), "--meta-solver", "lp");
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: ").doesNotContain("\n").doesNotContain("Exception");
    }
}
