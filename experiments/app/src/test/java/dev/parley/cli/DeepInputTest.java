package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deep inputs reach the user as a result or as one line, never as a StackOverflowError. */
class DeepInputTest {

    /**
     * A chain {@code depth} decisions deep: the two players alternate, each may stop (a terminal) or go on; the last
     * "go" ends the game. Every node is its own infoset (perfect information).
     */
    static Path chain(Path dir, int depth) throws IOException {
        Path file = dir.resolve("chain" + depth + ".efg");
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("EFG 2 R \"chain\" { \"P1\" \"P2\" }\n\n");
            for (int i = 0; i < depth; i++) {
                int player = i % 2 + 1;
                w.write("p \"\" " + player + " " + (i / 2 + 1) + " \"\" { \"stop\" \"go\" } 0\n");
                w.write("t \"\" " + (player == 1 ? "1 \"a\" { -1 1 }" : "2 \"b\" { 1 -1 }") + "\n");
            }
            w.write("t \"\" 3 \"end\" { 0 0 }\n");
        }
        return file;
    }

    @Test
    void aChainOf200000DecisionsIsSolved(@TempDir Path dir) throws Exception {
        Path file = chain(dir, 200_000);
        for (String solver : new String[] {"cfr", "cfr-vector"}) {
            CliRun r = parley("solve", "--game", file.toString(), "--solver", solver, "--iterations", "3", "--json");
            assertThat(r.err()).doesNotContain("StackOverflow").doesNotContain("\tat ");
            assertThat(r.code()).as(solver + ": " + r.err()).isZero();
            JsonNode json = Json.MAPPER.readTree(r.out());
            assertThat(json.get("iterations").asInt()).isEqualTo(3);
            assertThat(json.get("nash_conv").asDouble()).isFinite().isNotNegative();
        }
    }

    @Test
    void theIssuesChainOf5000IsSolvedByEverySolver(@TempDir Path dir) throws Exception {
        Path file = chain(dir, 5_000);
        for (String solver : new String[] {"cfr", "cfr+", "mccfr-es", "mccfr-os"}) {
            CliRun r = parley("solve", "--game", file.toString(), "--solver", solver, "--iterations", "2", "--json");
            assertThat(r.code()).as(solver + ": " + r.err()).isZero();
        }
    }

    @Tag("process")
    @Test
    void runningOutOfMemoryIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        // A game far larger than a 40 MB heap, in a JVM of its own.
        Path file = chain(dir, 400_000);
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder pb = new ProcessBuilder(javaBin, "-Xmx40m", "-XX:TieredStopAtLevel=1", "-cp", cp,
                "dev.parley.cli.Parley", "solve", "--game", file.toString(), "--solver", "cfr", "--iterations", "1");
        pb.redirectErrorStream(true);
        Process process = pb.start();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(output).isEqualTo(2);
        assertThat(output.strip().lines()).as(output).hasSize(1);
        assertThat(output).startsWith("parley: out of memory").contains("PARLEY_JAVA_OPTS=-Xmx");
    }

    @Test
    void protocolCheckRefusesTwoThousandLevelsOfNestingInOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("deep.dgdl");
        Files.writeString(file, dev.parley.dgdl.DeepNestingTest.nested(2_000));
        CliRun r = parley("protocol", "check", file.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("deep.dgdl:11:").contains("nest more than 100 levels deep");
        Files.writeString(file, dev.parley.dgdl.DeepNestingTest.nested(1).replace("max:2)", "max:99999999999)"));
        r = parley("protocol", "check", file.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).doesNotContain("internal error").contains("too large");
    }
}
