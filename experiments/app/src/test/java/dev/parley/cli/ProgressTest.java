package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The experiment's bar shows the nodes built, then the iterations solved, instead of sitting at "? % 0/?". */
class ProgressTest {

    @Test
    void phasesShowNodesBuiltThenIterationsSolved() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Progress p = Progress.forPhases("fruit-trading", new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            for (long n = 1; n <= 1234; n++) {
                p.building(n);
            }
            for (int i = 1; i <= 200; i++) {
                p.solving(i, 200);
            }
        }
        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertThat(shown).contains("building fruit-trading").contains("1234/?")
                .contains("solving fruit-trading").contains("200/200");
        assertThat(shown.indexOf("building")).isLessThan(shown.indexOf("solving"));
    }
}
