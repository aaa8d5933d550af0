package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One-line errors that name each thing once and leak nothing of the libraries underneath. */
class CliMessagesTest {

    private static void oneLine(CliRun r) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: ").doesNotContain("\n").doesNotContain("REDACTED")
                .doesNotContain("Exception").doesNotContain("com.fasterxml");
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void aBrokenPolicyFileNamesItsPathOnce(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("state.json");
        Files.writeString(state, "{\"role\": \"Alice\", \"transcript\": []}");
        for (String body : new String[] {"{\"game\": \"fruit-trading\", \"infosets\": [", "[1, 2]",
                "{\"game\": \"fruit-trading\", \"infosets\": [{\"key\": \"k\", \"actions\": [0, 1],"
                        + " \"probabilities\": [5, 5]}]}"}) {
            Path policy = dir.resolve("policy.json");
            Files.writeString(policy, body);
            CliRun r = parley("steer", "--domain", "fruit-trading", "--state", state.toString(), "--policy",
                    policy.toString());
            oneLine(r);
            assertThat(occurrences(r.err(), policy.toString())).as(r.err()).isEqualTo(1);
        }
        CliRun missing = parley("steer", "--domain", "fruit-trading", "--state", state.toString(), "--policy",
                dir.resolve("missing.json").toString());
        oneLine(missing);
        assertThat(occurrences(missing.err(), "missing.json")).as(missing.err()).isEqualTo(1);
        assertThat(missing.err()).contains("no such file");
    }

    @Test
    void aTruncatedStateFileLeaksNoJacksonInternals(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("state.json");
        Files.writeString(state, "{\"role\": \"Alice\", \"transcript\": [");
        CliRun r = parley("steer", "--domain", "fruit-trading", "--state", state.toString());
        oneLine(r);
        assertThat(r.err()).contains("state.json:1:");
        CliRun missing = parley("steer", "--domain", "fruit-trading", "--state", dir.resolve("none.json").toString());
        oneLine(missing);
        assertThat(occurrences(missing.err(), "none.json")).as(missing.err()).isEqualTo(1);
    }
}
