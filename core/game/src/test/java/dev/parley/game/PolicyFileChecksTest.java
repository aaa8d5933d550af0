package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every row of a policy file is a probability distribution within 1e-9. */
class PolicyFileChecksTest {

    private static String policy(String probabilities) {
        return "{\"game\": \"g\", \"infosets\": [{\"key\": \"k\", \"player\": 0, \"actions\": [0, 1, 2, 3],"
                + " \"probabilities\": [" + probabilities + "]}]}";
    }

    @Test
    void allZerosIsRefused() {
        assertThatThrownBy(() -> TabularPolicy.fromJson(policy("0, 0, 0, 0")))
                .isInstanceOf(PolicyFormatException.class)
                .hasMessage("infosets[0] ('k'): probabilities sum to 0.0, not 1 (within 1.0E-9)");
    }

    @Test
    void aboveOneIsRefused() {
        assertThatThrownBy(() -> TabularPolicy.fromJson(policy("5, 5, 5, 5")))
                .isInstanceOf(PolicyFormatException.class)
                .hasMessageContaining("probability 5.0 is above 1");
        assertThatThrownBy(() -> TabularPolicy.fromJson(policy("0.5, 0.5, 0.5, 0")))
                .isInstanceOf(PolicyFormatException.class)
                .hasMessageContaining("sum to 1.5");
    }

    @Test
    void roundedDistributionsWithin1e9AreAccepted() {
        TabularPolicy p = TabularPolicy.fromJson(policy("0.1, 0.2, 0.3, 0.4000000001"));
        assertThat(p.rows()).hasSize(1);
        assertThatThrownBy(() -> TabularPolicy.fromJson(policy("0.1, 0.2, 0.3, 0.40000001")))
                .isInstanceOf(PolicyFormatException.class);
    }

    @Test
    void truncatedJsonNamesTheProblemWithoutJacksonsInternals() {
        assertThatThrownBy(() -> TabularPolicy.fromJson("{\"game\": \"g\", \"infosets\": ["))
                .isInstanceOf(PolicyFormatException.class)
                .hasMessageStartingWith("malformed JSON: line 1, column 28: Unexpected end-of-input")
                .hasMessageNotContaining("REDACTED")
                .hasMessageNotContaining("StreamReadFeature");
    }

    @Test
    void aMalformedFileIsNamedWithLineAndColumnAsEveryJsonFileIs(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("p.json"),
                "{\"game\": \"g\",\n \"infosets\": [");
        assertThatThrownBy(() -> TabularPolicy.read(f))
                .isInstanceOf(PolicyFormatException.class)
                .hasMessageStartingWith(f + ":2:15: malformed JSON: Unexpected end-of-input");
        Files.writeString(f, "{\"game\": \"g\"}");
        assertThatThrownBy(() -> TabularPolicy.read(f)).hasMessage(f + ": missing array 'infosets'");
    }
}
