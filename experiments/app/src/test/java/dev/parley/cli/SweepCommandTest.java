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
    void aCellOfOneSeedPrintsItsFiguresAloneAsExperimentDoes(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.parley("sweep", "--domain", "fruit-trading", "--max-replies", "2", "--iterations", "50",
                "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String row = r.out().lines().filter(l -> l.startsWith("fruit-trading")).findFirst().orElseThrow();
        // fruit trading at 2 messages, CFR x 50, seed 1: the experiment command's NashConv and gains
        assertThat(row).doesNotContain("±").contains("0.1311").contains("Alice 0.0025, Bob -0.0100");
        CliRun single = CliRun.parley("experiment", "--domain", "fruit-trading", "--max-replies", "2",
                "--iterations", "50");
        assertThat(single.out()).contains("0.1311").doesNotContain("±");
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

    /** A grid mixing an expanded-tree solver and a sampling one: the sampled cell is labelled estimated. */
    @Test
    void aGridMixesExactAndSampledCellsAndResumesBoth(@TempDir Path dir) throws Exception {
        String[] args = {"sweep", "--domain", "fruit-trading", "--max-replies", "2", "--solver", "cfr,mccfr-os",
            "--iterations", "60", "--seeds", "2", "--playouts", "30", "--response-iterations", "60", "--out",
            dir.toString()};
        CliRun first = CliRun.parley(args);
        assertThat(first.code()).as(first.err()).isZero();
        JsonNode cells = Json.MAPPER.readTree(Files.readString(dir.resolve("sweep.json")));
        assertThat(cells).hasSize(2);
        JsonNode exact = cells.get(0).get("summary");
        JsonNode sampled = cells.get(1).get("summary");
        assertThat(cells.get(0).get("params").get("solver").asText()).isEqualTo("cfr");
        assertThat(cells.get(0).get("params").has("playouts")).as("exact cells keep their params").isFalse();
        assertThat(exact.get("exact").asBoolean()).isTrue();
        assertThat(cells.get(1).get("params").get("solver").asText()).isEqualTo("mccfr-os");
        assertThat(cells.get(1).get("params").get("playouts").asInt()).isEqualTo(30);
        assertThat(sampled.get("exact").asBoolean()).isFalse();
        assertThat(sampled.get("game").asText()).isEqualTo("lazy");
        assertThat(sampled.get("seeds").asInt()).isEqualTo(2);
        assertThat(sampled.get("per_seed")).hasSize(2);
        // the cell's figure is the mean over its seeds of each seed's estimate
        double mean = (sampled.get("per_seed").get(0).get("nash_conv").asDouble()
                + sampled.get("per_seed").get(1).get("nash_conv").asDouble()) / 2;
        assertThat(sampled.get("nash_conv").asDouble()).isCloseTo(mean, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(sampled.get("approximately_stable").isNull()).isTrue();
        List<String> csv = Files.readAllLines(dir.resolve("sweep.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        int column = header.indexOf("exact");
        assertThat(column).isNotNegative();
        assertThat(csv.get(1).split(",")[column]).isEqualTo("true");
        assertThat(csv.get(2).split(",")[column]).isEqualTo("false");
        assertThat(first.out()).contains("no (est.)").contains(">= ");
        // how many of the exact cell's seeds meet the reading alone, as a count; the sampled cell is not judged
        long stableSeeds = Math.round(exact.get("stable_seed_share").asDouble() * 2);
        assertThat(first.out().lines().filter(l -> l.contains(" cfr ")).findFirst().orElseThrow())
                .endsWith(" " + stableSeeds + " of 2");
        assertThat(first.out().lines().filter(l -> l.contains(" mccfr-os ")).findFirst().orElseThrow())
                .contains("not judged").endsWith(" -");
        assertThat(Files.readAllBytes(dir.resolve("sweep_nash_conv.png"))).startsWith(0x89, 'P', 'N', 'G');

        String before = Files.readString(dir.resolve("sweep.json"));
        CliRun again = CliRun.parley(args);
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.err()).contains("resuming: 2 of 2 cells");
        assertThat(Files.readString(dir.resolve("sweep.json"))).isEqualTo(before);
        // another budget is another cell: the sampled cell's identity holds its options; with a budget and no
        // --iterations, the budget alone ends the run
        CliRun other = CliRun.parley("sweep", "--domain", "fruit-trading", "--max-replies", "2", "--solver",
                "mccfr-os", "--seeds", "2", "--playouts", "30", "--response-iterations", "60", "--budget-calls", "50",
                "--out", dir.toString());
        assertThat(other.code()).as(other.err()).isZero();
        assertThat(other.err()).doesNotContain("resuming");
        JsonNode after = Json.MAPPER.readTree(Files.readString(dir.resolve("sweep.json")));
        assertThat(after).hasSize(3);
        assertThat(after.get(2).get("params").get("iterations").isNull()).isTrue();
        assertThat(after.get(2).get("params").get("budget_calls").asLong()).isEqualTo(50);
        assertThat(after.get(2).get("summary").get("per_seed").get(0).get("stop").asText()).contains("50 calls");
        assertThat(other.out()).contains("budget");
    }

    /** --max-nodes reaches the exact cells and refuses a too-large one before the first cell runs. */
    @Test
    void aCellTooLargeToExpandIsRefusedBeforeTheSweepStarts(@TempDir Path dir) {
        Path out = dir.resolve("never");
        CliRun r = CliRun.parley("sweep", "--domain", "fruit-trading", "--max-replies", "1,3", "--solver", "cfr",
                "--iterations", "5", "--max-nodes", "200", "--out", out.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: cell (fruit-trading, max replies 3, cfr")
                .contains("--max-nodes 200").contains("mccfr-os").contains("would have about")
                .doesNotContain("\n").doesNotContain("Exception");
        assertThat(Files.exists(out)).as("no cell ran").isFalse();
        // the same grid on the lazy game is not refused: nothing is expanded over the limit
        CliRun lazy = CliRun.parley("sweep", "--domain", "fruit-trading", "--max-replies", "3", "--solver",
                "mccfr-es", "--iterations", "5", "--playouts", "4", "--response-iterations", "5", "--max-nodes",
                "200", "--out", out.toString());
        assertThat(lazy.code()).as(lazy.err()).isZero();
    }

    /** The guard estimates every seed's tree (each seed draws its own scenarios), not only the first seed's. */
    @Test
    void theSizeGuardChecksEverySeedsTree(@TempDir Path dir) {
        long[] estimate = new long[3];
        for (int s = 0; s < 3; s++) {
            CliRun e = CliRun.parley("experiment", "--domain", "fruit-trading", "--max-replies", "3", "--seed",
                    Integer.toString(s + 1), "--max-nodes", "1");
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("about ([0-9,]+) nodes").matcher(e.err());
            assertThat(m.find()).as(e.err()).isTrue();
            estimate[s] = Long.parseLong(m.group(1).replace(",", ""));
        }
        // a limit the first seed's tree fits in: the sweep is refused exactly when a later seed's is over it
        long limit = estimate[0] + 1;
        int firstOver = -1;
        for (int s = 1; s < 3 && firstOver < 0; s++) {
            if (estimate[s] > limit) {
                firstOver = s;
            }
        }
        Path out = dir.resolve("sweep");
        CliRun r = CliRun.parley("sweep", "--domain", "fruit-trading", "--max-replies", "3", "--solver", "cfr",
                "--iterations", "5", "--seeds", "3", "--max-nodes", Long.toString(limit), "--out", out.toString());
        if (firstOver < 0) {
            assertThat(r.code()).as(r.err()).isZero();
        } else {
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("parley: cell (fruit-trading, max replies 3, cfr")
                    .contains("seed " + (firstOver + 1) + "): ").contains(String.format(java.util.Locale.ROOT, "--max-nodes %,d", limit))
                    .doesNotContain("\n");
            assertThat(Files.exists(out)).as("no cell ran").isFalse();
        }
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
                {"sweep", "--domain", "fruit-trading", "--judge", "oracle", "--out"},
                {"sweep", "--domain", "fruit-trading", "--solver", "cfr", "--playouts", "20", "--out"},
                {"sweep", "--domain", "fruit-trading", "--solver", "dcfr", "--budget-calls", "20", "--out"},
                {"sweep", "--domain", "fruit-trading", "--solver", "mccfr-os", "--playouts", "1", "--out"},
                {"sweep", "--domain", "fruit-trading", "--solver", "mccfr-es", "--budget-calls", "-1", "--out"},
                {"sweep", "--domain", "fruit-trading", "--solver", "cfr", "--max-nodes", "0", "--out"}}) {
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

    @Test
    void aRangeThatRunsBackwardsSaysHowToWriteIt(@TempDir Path dir) {
        CliRun r = CliRun.parley("sweep", "--domain", "fruit-trading", "--max-replies", "3..2", "--out",
                dir.resolve("never").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("parley: --max-replies: the range 3..2 runs backwards; write 2..3");
    }
}
