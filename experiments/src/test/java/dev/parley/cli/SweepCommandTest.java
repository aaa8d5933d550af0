package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {

    private static final String[] GRID = {"sweep", "--domain", "fruit-trading", "--max-replies", "1..2",
        "--solver", "cfr,dcfr", "--iterations", "20", "--seeds", "2"};

    private static CliRun sweep(Path out, String... extra) {
        String[] args = new String[GRID.length + extra.length + 2];
        System.arraycopy(GRID, 0, args, 0, GRID.length);
        System.arraycopy(extra, 0, args, GRID.length, extra.length);
        args[args.length - 2] = "--out";
        args[args.length - 1] = out.toString();
        return CliRun.parley(args);
    }

    @Test
    void writesOneRowPerCellAndResumesWithoutRunningFinishedCells(@TempDir Path dir) throws Exception {
        CliRun first = sweep(dir, "--json");
        assertThat(first.code()).as(first.err()).isZero();
        JsonNode cells = Json.MAPPER.readTree(Files.readString(dir.resolve("sweep.json")));
        assertThat(cells).hasSize(4);
        assertThat(Json.MAPPER.readTree(first.out())).isEqualTo(cells);
        for (JsonNode c : cells) {
            assertThat(c.get("params").get("domain").asText()).isEqualTo("fruit-trading");
            assertThat(c.get("params").get("seeds").asInt()).isEqualTo(2);
            assertThat(c.get("summary").get("per_seed")).hasSize(2);
            assertThat(c.get("summary").get("solver").asText()).isEqualTo(c.get("params").get("solver").asText());
            assertThat(c.get("summary").get("max_replies").asInt())
                    .isEqualTo(c.get("params").get("max_replies").asInt());
        }
        List<String> csv = Files.readAllLines(dir.resolve("sweep.csv"));
        assertThat(csv).hasSize(5);
        assertThat(csv.get(0)).startsWith("domain,max_replies,solver,").contains("cfr_gain_0_per_seed");
        for (String png : new String[] {"sweep_nash_conv.png", "sweep_gain.png"}) {
            assertThat(Files.readAllBytes(dir.resolve(png))).startsWith(0x89, 'P', 'N', 'G');
        }

        // run again: nothing left to do, the files are unchanged
        String before = Files.readString(dir.resolve("sweep.json"));
        CliRun again = sweep(dir);
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.err()).contains("resuming: 4 of 4 cells");
        assertThat(Files.readString(dir.resolve("sweep.json"))).isEqualTo(before);
        assertThat(again.out()).contains("fruit-trading").contains("±").contains("Alice");

        // interrupted after the first cell: only the three missing cells are run, the first is kept as it was
        ArrayNode one = Json.MAPPER.createArrayNode().add(cells.get(0));
        Files.writeString(dir.resolve("sweep.json"), Json.write(one));
        CliRun resumed = sweep(dir);
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(resumed.err()).contains("resuming: 1 of 4 cells");
        JsonNode after = Json.MAPPER.readTree(Files.readString(dir.resolve("sweep.json")));
        assertThat(after).hasSize(4);
        assertThat(after.get(0)).isEqualTo(cells.get(0));
        assertThat(Files.list(dir).map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }

    @Test
    void badValuesAreOneLineAndExitTwoBeforeAnyWork(@TempDir Path dir) {
        for (String[] args : new String[][] {
                {"sweep", "--domain", "chess", "--out"},
                {"sweep", "--domain", "", "--out"},
                {"sweep", "--domain", "fruit-trading", "--solver", "", "--out"},
                {"sweep", "--domain", "fruit-trading", "--solver", "cfr,magic", "--out"},
                {"sweep", "--domain", "fruit-trading", "--seeds", "0", "--out"},
                {"sweep", "--domain", "fruit-trading", "--max-replies", "3..2", "--out"},
                {"sweep", "--domain", "fruit-trading", "--max-replies", "0", "--out"},
                {"sweep", "--domain", "fruit-trading", "--iterations", "ten", "--out"},
                {"sweep", "--domain", "fruit-trading", "--actions", "moves", "--out"},
                {"sweep", "--domain", "fruit-trading", "--observe", "thoughts", "--out"},
                {"sweep", "--domain", "fruit-trading", "--judge", "oracle", "--out"}}) {
            Path out = dir.resolve("never");
            String[] full = java.util.Arrays.copyOf(args, args.length + 1);
            full[args.length] = out.toString();
            CliRun r = CliRun.parley(full);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err().strip()).as(String.join(" ", args)).startsWith("parley: ").doesNotContain("\n")
                    .doesNotContain("Exception");
            assertThat(Files.exists(out)).as(String.join(" ", args)).isFalse();
        }
    }
}
