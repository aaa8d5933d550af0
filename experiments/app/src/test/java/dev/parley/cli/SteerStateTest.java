package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley steer --state}: the solver's advice for a dialogue state, without a server. */
class SteerStateTest {

    @Test
    void advisesEachTurnOfADialogueBuiltFromItsOwnAdvice(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("first.json");
        Files.writeString(first, "{\"role\": \"Alice\", \"scenario\": 0, \"transcript\": []}");
        CliRun r = parley("steer", "--domain", "fruit-trading", "--max-replies", "3", "--iterations", "100",
                "--state", first.toString(), "--json");
        JsonNode advice = r.successJson();
        assertThat(advice.get("player").asText()).isEqualTo("Alice");
        double total = 0;
        double best = 0;
        for (JsonNode p : advice.get("distribution")) {
            total += p.asDouble();
            best = Math.max(best, p.asDouble());
        }
        assertThat(total).isCloseTo(1.0, within(1e-9));
        assertThat(advice.get("distribution").get(advice.get("chosen").asText()).asDouble()).isEqualTo(best);
        assertThat(advice.get("utterance").asText()).isNotBlank().doesNotContain("$");

        // Bob's turn after Alice said what she was advised to say.
        Path second = dir.resolve("second.json");
        Files.writeString(second, "{\"role\": \"Bob\", \"scenario\": 0, \"transcript\": [{\"player\": \"Alice\", "
                + "\"moveID\": " + Json.MAPPER.writeValueAsString(advice.get("move").asText()) + ", \"content\": "
                + Json.MAPPER.writeValueAsString(advice.get("content")) + ", \"text\": "
                + Json.MAPPER.writeValueAsString(advice.get("utterance").asText()) + "}]}");
        CliRun bob = parley("steer", "--domain", "fruit-trading", "--max-replies", "3", "--iterations", "100",
                "--state", second.toString());
        assertThat(bob.code()).as(bob.err()).isZero();
        assertThat(bob.out()).contains("advice for Bob").contains("chosen: ").contains("utterance: ");
    }

    @Test
    void wrongTurnsAndMalformedFilesAreOneLineWithExitCodeTwo(@TempDir Path dir) throws Exception {
        Path notYours = dir.resolve("bob.json");
        Files.writeString(notYours, "{\"role\": \"Bob\", \"transcript\": []}");
        CliRun r = parley("steer", "--domain", "fruit-trading", "--max-replies", "2", "--iterations", "10",
                "--state", notYours.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: ").contains("not Bob's turn").doesNotContain("\n");

        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"role\": \"Alice\",\n \"transcript\": [ }");
        CliRun b = parley("steer", "--domain", "fruit-trading", "--state", broken.toString());
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err().strip()).contains("broken.json:2:").doesNotContain("\n");

        Path offGame = dir.resolve("off.json");
        Files.writeString(offGame, "{\"role\": \"Bob\", \"transcript\": [{\"player\": \"Alice\", \"moveID\": "
                + "\"propose\", \"text\": \"words no game player would say\"}]}");
        CliRun o = parley("steer", "--domain", "fruit-trading", "--max-replies", "2", "--iterations", "10",
                "--state", offGame.toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).startsWith("parley: ").doesNotContain("\n");
    }
}
