package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley experiment --solver mccfr-os|mccfr-es}, {@code --curve} and the size guard, offline. */
class SampledExperimentCommandTest {

    private static final String[] SMALL = {"experiment", "--domain", "fruit-trading", "--max-replies", "2",
        "--playouts", "40", "--response-iterations", "100"};

    private static CliRun run(String... extra) {
        String[] args = new String[SMALL.length + extra.length];
        System.arraycopy(SMALL, 0, args, 0, SMALL.length);
        System.arraycopy(extra, 0, args, SMALL.length, extra.length);
        return CliRun.parley(args);
    }

    @Test
    void sampledFiguresAreLabelledEstimatedWithIntervalsAndExactOnesBeside() throws Exception {
        CliRun r = run("--solver", "mccfr-os", "--iterations", "200", "--json");
        JsonNode json = r.successJson().get(0);
        assertThat(json.get("exact").asBoolean()).isFalse();
        assertThat(json.get("game").asText()).isEqualTo("lazy");
        assertThat(json.get("iterations").asInt()).isEqualTo(200);
        assertThat(json.get("nash_conv_ci95")).hasSize(2);
        assertThat(json.get("nash_conv_ci95").get(0).asDouble()).isLessThanOrEqualTo(json.get("nash_conv").asDouble());
        assertThat(json.get("cfr_gain_ci95")).hasSize(2);
        assertThat(json.get("payoffs").get("eq_vs_eq_ci95")).hasSize(2);
        assertThat(json.get("exact_figures").get("exact").asBoolean()).isTrue();
        assertThat(json.get("exact_figures").get("nash_conv").asDouble()).isNotNegative();
        assertThat(json.get("calls").get("solver").asLong()).isPositive();
        CliRun table = run("--solver", "mccfr-es", "--iterations", "20");
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).contains("NashConv >= (est., lower bound)").contains("CFR gain (est.)")
                .contains("NashConv (exact)").contains("mccfr-es x 20 on the lazy game");
    }

    @Test
    void seededRunsAreReproducible() throws Exception {
        ObjectNode a = (ObjectNode) Json.MAPPER.readTree(run("--solver", "mccfr-os", "--iterations", "150",
                "--json").out()).get(0);
        ObjectNode b = (ObjectNode) Json.MAPPER.readTree(run("--solver", "mccfr-os", "--iterations", "150",
                "--json").out()).get(0);
        withoutTimings(a);
        withoutTimings(b);
        assertThat(a).isEqualTo(b);
    }

    /** Drops every "seconds" field (wall-clock timings, never reproducible), at any depth. */
    private static void withoutTimings(JsonNode node) {
        if (node instanceof ObjectNode o) {
            o.remove("seconds");
        }
        node.forEach(SampledExperimentCommandTest::withoutTimings);
    }

    @Test
    void aSavedSolverResumes(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("fruit.mccfr");
        CliRun first = run("--solver", "mccfr-os", "--iterations", "100", "--state", state.toString(), "--json");
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(Files.size(state)).isPositive();
        CliRun second = run("--solver", "mccfr-os", "--iterations", "100", "--resume", state.toString(), "--json");
        JsonNode json = second.successJson().get(0);
        assertThat(json.get("resumed_at_iteration").asInt()).isEqualTo(100);
        assertThat(json.get("iterations").asInt()).isEqualTo(200);
        CliRun wrong = run("--solver", "mccfr-es", "--iterations", "10", "--resume", state.toString());
        assertThat(wrong.code()).isEqualTo(2);
        assertThat(wrong.err().strip()).contains("mccfr-os solver, not mccfr-es").doesNotContain("\n");
    }

    /**
     * --seeds R with a sampling solver: every estimated figure is the mean over the seeds of each seed's estimate,
     * with the Student-t interval over those R values (recomputed here from per_seed).
     */
    @Test
    void seedsGiveMeansAndIntervalsOverIndependentSampledRuns() throws Exception {
        CliRun r = run("--solver", "mccfr-os", "--iterations", "100", "--seeds", "3", "--json");
        JsonNode json = r.successJson().get(0);
        assertThat(json.get("exact").asBoolean()).isFalse();
        assertThat(json.get("seeds").asInt()).isEqualTo(3);
        assertThat(json.get("interval").asText()).contains("3 seeds");
        JsonNode perSeed = json.get("per_seed");
        assertThat(perSeed).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(perSeed.get(i).get("seed").asLong()).isEqualTo(1 + i);
            assertThat(perSeed.get(i).get("exact").asBoolean()).isFalse();
        }
        org.apache.commons.math3.distribution.TDistribution t = new org.apache.commons.math3.distribution
                .TDistribution(2);
        for (String field : new String[] {"nash_conv", "cfr_gain/0", "cfr_gain/1", "payoffs/eq_vs_eq/1"}) {
            double[] v = new double[3];
            for (int i = 0; i < 3; i++) {
                v[i] = at(perSeed.get(i), field).asDouble();
            }
            double mean = (v[0] + v[1] + v[2]) / 3;
            double sd = Math.sqrt(((v[0] - mean) * (v[0] - mean) + (v[1] - mean) * (v[1] - mean)
                    + (v[2] - mean) * (v[2] - mean)) / 2);
            double half = t.inverseCumulativeProbability(0.975) * sd / Math.sqrt(3);
            JsonNode ci = ci(json, field);
            assertThat(at(json, field).asDouble()).as(field).isCloseTo(mean, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(ci.get(0).asDouble()).as(field).isCloseTo(mean - half, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(ci.get(1).asDouble()).as(field).isCloseTo(mean + half, org.assertj.core.data.Offset.offset(1e-9));
        }
        // the exact figures (the tree is small) are per seed too, with their interval over the seeds
        assertThat(json.get("exact_figures").get("nash_conv_ci95")).hasSize(2);
        assertThat(json.get("calls").get("solver").asLong()).isEqualTo(perSeed.get(0).get("calls").get("solver")
                .asLong() + perSeed.get(1).get("calls").get("solver").asLong() + perSeed.get(2).get("calls")
                .get("solver").asLong());
        CliRun table = run("--solver", "mccfr-os", "--iterations", "50", "--seeds", "2");
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).contains("2 (1..2), 95% t interval over seeds").contains("(est.)");
    }

    /** A figure by path: "cfr_gain/0" is the first player's; "payoffs/eq_vs_eq/1" the second's. */
    private static JsonNode at(JsonNode json, String path) {
        JsonNode n = json;
        for (String part : path.split("/")) {
            n = part.matches("\\d+") ? n.get(Integer.parseInt(part)) : n.get(part);
        }
        return n;
    }

    private static JsonNode ci(JsonNode json, String path) {
        String[] parts = path.split("/");
        int last = parts.length - 1;
        if (parts[last].matches("\\d+")) {
            parts[last - 1] += "_ci95";
        } else {
            parts[last] += "_ci95";
        }
        return at(json, String.join("/", parts));
    }

    @Test
    void checkpointsPrintTheFiguresSoFar() {
        CliRun r = CliRun.parley("experiment", "--domain", "fruit-trading", "--max-replies", "3", "--playouts", "40",
                "--response-iterations", "100", "--solver", "mccfr-os", "--budget-calls", "300",
                "--checkpoint-every", "150");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("checkpoint at").contains("NashConv >= ").contains("(est.)");
        assertThat(r.out()).contains("budget of 300 calls");
    }

    @Test
    void aTreeOverTheLimitIsRefusedBeforeBuildingInOneLine() {
        CliRun r = CliRun.parley("experiment", "--domain", "fruit-trading", "--max-replies", "3", "--max-nodes",
                "50");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).contains("would have about").contains("--max-nodes 50").contains("mccfr-os")
                .doesNotContain("\n").doesNotContain("Exception");
    }

    @Test
    void samplingOptionsNeedASamplingSolver() {
        for (String[] bad : new String[][] {{"--budget-calls", "10"}, {"--resume", "nowhere"},
            {"--solver", "mccfr-os", "--seeds", "2", "--state", "x"},
            {"--solver", "mccfr-os", "--resume", "no-such-file"},
            {"--curve"}, {"--solver", "mccfr-os", "--curve", "--out", "x"},
            {"--curve", "--seeds", "2", "--state", "x", "--out", "y"}}) {
            CliRun r = run(bad);
            assertThat(r.code()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n");
        }
    }

    @Test
    void theCostCurveHasTheThreeSolversOnExactNashConv(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.parley("experiment", "--domain", "fruit-trading", "--max-replies", "2", "--curve",
                "--iterations", "100", "--budget-seconds", "5", "--out", dir.toString(), "--json");
        JsonNode curve = r.successJson().get(0);
        assertThat(curve.get("exact").asBoolean()).isTrue();
        JsonNode series = curve.get("series");
        assertThat(series).hasSize(3);
        assertThat(series.get(0).get("solver").asText()).contains("full expansion");
        assertThat(series.get(1).get("solver").asText()).contains("mccfr-es");
        assertThat(series.get(2).get("solver").asText()).contains("mccfr-os");
        long full = series.get(0).get("points").get(0).get("calls").asLong();
        for (JsonNode s : series) {
            long previous = 0;
            for (JsonNode p : s.get("points")) {
                assertThat(p.get("nash_conv").asDouble()).isNotNegative();
                assertThat(p.get("calls").asLong()).isGreaterThanOrEqualTo(previous).isLessThanOrEqualTo(full);
                previous = p.get("calls").asLong();
            }
        }
        assertThat(Files.size(dir.resolve("curve.png"))).isPositive();
        assertThat(Json.MAPPER.readTree(Files.readString(dir.resolve("curve.json")))).isEqualTo(
                Json.MAPPER.readTree(r.out()));
    }

    /** --curve --seeds R: calls to target per seed and as a mean with interval, the ratio with its interval. */
    @Test
    void theCostCurveOverSeedsReportsMeansAndRatiosWithIntervals(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.parley("experiment", "--domain", "fruit-trading", "--max-replies", "2", "--curve",
                "--iterations", "100", "--budget-seconds", "5", "--seeds", "2", "--out", dir.toString(), "--json");
        JsonNode curve = r.successJson().get(0);
        assertThat(curve.get("seeds").asInt()).isEqualTo(2);
        assertThat(curve.get("per_seed")).hasSize(2);
        assertThat(curve.get("per_seed").get(1).get("seed").asLong()).isEqualTo(2);
        JsonNode full = curve.get("series").get(0);
        for (int s = 0; s < 3; s++) {
            JsonNode series = curve.get("series").get(s);
            JsonNode perSeed = series.get("calls_to_target_per_seed");
            assertThat(perSeed).hasSize(2);
            for (int k = 0; k < 2; k++) {
                assertThat(perSeed.get(k)).isEqualTo(curve.get("per_seed").get(k).get("series").get(s)
                        .get("calls_to_target"));
            }
            if (perSeed.get(0).isNull() || perSeed.get(1).isNull()) {
                assertThat(series.get("calls_to_target").isNull()).isTrue();
                continue;
            }
            double mean = (perSeed.get(0).asDouble() + perSeed.get(1).asDouble()) / 2;
            assertThat(series.get("calls_to_target").asDouble()).isEqualTo(mean);
            assertThat(series.get("calls_to_target_ci95").get(0).asDouble()).isLessThanOrEqualTo(mean);
            if (!full.get("calls_to_target").isNull()) {
                double ratio = mean / full.get("calls_to_target").asDouble();
                JsonNode ci = series.get("calls_ratio_to_full_expansion_ci95");
                assertThat(series.get("calls_ratio_to_full_expansion").asDouble())
                        .isCloseTo(ratio, org.assertj.core.data.Offset.offset(1e-12));
                assertThat(ci.get(0).asDouble()).isLessThanOrEqualTo(ratio);
                assertThat(ci.get(1).asDouble()).isGreaterThanOrEqualTo(ratio);
            }
            for (JsonNode p : series.get("points")) {
                assertThat(p.get("nash_conv_ci95")).hasSize(2);
            }
        }
        assertThat(Files.size(dir.resolve("curve.png"))).isPositive();
    }
}
