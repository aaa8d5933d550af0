package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

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
                .hasMessageStartingWith("malformed JSON at line 1")
                .hasMessageNotContaining("REDACTED")
                .hasMessageNotContaining("StreamReadFeature");
    }
}
