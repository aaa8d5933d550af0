package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AifCommandTest {

    @TempDir
    Path dir;

    /** The core module's test maps, copied out of its test jar on the class path. */
    private Path map(String name) throws IOException {
        Path f = dir.resolve(name);
        try (InputStream in = AifCommandTest.class.getResourceAsStream("/aif/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no /aif/" + name + " on the class path");
            }
            Files.copy(in, f);
        }
        return f;
    }

    @Test
    void checkReportsEveryProblemAndExitsTwo() throws IOException {
        Path broken = map("broken.json");
        Path good = map("qt30-style.json");
        CliRun r = CliRun.parley("aif", "check", good.toString(), broken.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out().lines()).hasSize(20).first().asString()
                .isEqualTo(good + ": well-formed AIF (22 nodes, 28 edges, 4 locutions)");
        assertThat(r.out()).contains(broken + ": $.edges[1].toID: 99 is not a node");
        assertThat(r.err().strip()).isEqualTo("parley: 19 structural problems in 1 of 2 files");
        assertThat(CliRun.parley("aif", "check", good.toString()).code()).isZero();
    }

    @Test
    void malformedJsonIsOneLocatedLine() throws IOException {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"nodes\": [\n  {\"nodeID\": 1,,}\n]}");
        CliRun r = CliRun.parley("aif", "check", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: " + bad + ":2:").doesNotContain("Exception");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void frameShowsTheExtensionsWithTheirTexts() throws IOException {
        Path m = map("qt30-style.json");
        CliRun derived = CliRun.parley("aif", "frame", m.toString());
        assertThat(derived.code()).isZero();
        // Ben's "cannot pay" attacks Ann's premise "people who work all week ..."; with derived attacks it also
        // attacks the conclusion that premise supports, so only Ben's claim and its rephrase are grounded
        assertThat(derived.out()).contains("4 arguments (I-nodes), 2 attacks (1 from CA nodes, 1 derived through support)", "grounded extension (2):",
                "  11_900  the council cannot pay for Sunday staff", "  18_900  the council has no money for Sunday"
                        + " staff");
        CliRun record = CliRun.parley("aif", "frame", "--support", "record", m.toString());
        assertThat(record.out()).contains("1 attack (1 from CA nodes)", "grounded extension (3):",
                "  2_900  the library should open on Sundays");
        CliRun json = CliRun.parley("aif", "frame", "--json", m.toString());
        assertThat(json.out()).contains("\"grounded\"", "\"preferred\"", "\"text\" : \"the council cannot pay for"
                + " Sunday staff\"");
        assertThat(CliRun.parley("aif", "frame", "--support", "maybe", m.toString()).code()).isEqualTo(2);
    }

    @Test
    void convertWritesXaifThatChecksAndFramesTheSame() throws IOException {
        Path m = map("qt30-style.json");
        Path out = dir.resolve("out.xaif.json");
        assertThat(CliRun.parley("aif", "convert", "--to", "xaif", "-o", out.toString(), m.toString()).code())
                .isZero();
        assertThat(Files.readString(out)).startsWith("{\n  \"AIF\" : {");
        assertThat(CliRun.parley("aif", "check", out.toString()).code()).isZero();
        assertThat(CliRun.parley("aif", "frame", out.toString()).out().replace(out.toString(), "F"))
                .isEqualTo(CliRun.parley("aif", "frame", m.toString()).out().replace(m.toString(), "F"));
    }
}
