package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.solver.SolverFamily;
import dev.parley.solver.Solvers;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A solver family the commands have never heard of ({@link UniformSolvers}), registered the way any family outside
 * the solvers module is, by a {@code META-INF/services} file on the class path, is offered by solve, experiment and
 * sweep: in their help, in their errors and in their runs, sampled or exact as the family says. The service file
 * is on a class path of this test's own, so the other tests see the built-in solvers alone.
 */
class ThirdSolverFamilyTest {

    /** Kuhn poker's uniform random policy: NashConv 11/12 (OpenSpiel's exploitability 0.4583). */
    private static final double KUHN_UNIFORM_NASH_CONV = 11.0 / 12;

    @TempDir
    static Path classPath;

    /** Runs {@code work} with the family's service file on the context class loader's path. */
    private static <T> T registered(Callable<T> work) throws Exception {
        Path services = classPath.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(SolverFamily.class.getName()), UniformSolvers.class.getName() + "\n");
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classPath.toUri().toURL()}, before)) {
            thread.setContextClassLoader(loader);
            return work.call();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    private static CliRun registeredRun(String... args) throws Exception {
        return registered(() -> parley(args));
    }

    @Test
    void theRegistryListsTheFamilyAfterTheBuiltInSolversAndKnowsWhichSamples() throws Exception {
        assertThat(registered(Solvers::names)).endsWith("mccfr-os", "uniform", "uniform-playouts");
        assertThat(registered(Solvers::sampledNames)).containsExactly("mccfr-es", "mccfr-os", "uniform-playouts");
        assertThat(Solvers.names()).doesNotContain("uniform");
    }

    @Test
    void solveRunsEitherOnKuhnPokerAndReportsTheUniformPolicysNashConv() throws Exception {
        for (String solver : new String[] {"uniform", "uniform-playouts"}) {
            JsonNode json = registeredRun("solve", "--game", "kuhn_poker", "--solver", solver, "--iterations", "3",
                    "--json").successJson();
            assertThat(json.get("solver").asText()).isEqualTo(solver);
            assertThat(json.get("iterations").asInt()).isEqualTo(3);
            assertThat(json.get("nash_conv").asDouble()).as(solver).isCloseTo(KUHN_UNIFORM_NASH_CONV, within(1e-12));
        }
    }

    @Test
    void solveOffersTheSampledOneForAGameTooLargeToBuildAndRunsIt() throws Exception {
        String huge = "fruit_trading(max_replies=99999)";
        CliRun cfr = registeredRun("solve", "--game", huge, "--solver", "cfr", "--iterations", "2");
        assertThat(cfr.code()).isEqualTo(2);
        assertThat(cfr.err().strip()).endsWith("with --solver mccfr-os, mccfr-es or uniform-playouts");
        JsonNode json = registeredRun("solve", "--game", huge, "--solver", "uniform-playouts", "--iterations", "2",
                "--json").successJson();
        assertThat(json.get("iterations").asInt()).isEqualTo(2);
        assertThat(json.get("nash_conv").isNull()).isTrue();
    }

    /**
     * The exact one runs on the expanded tree and the sampled one on the lazy game, with its estimates; both play
     * the uniform policy, so the sampled run's exact figures (the tree is small) are the exact run's.
     */
    @Test
    void experimentRunsTheExactOneOnTheTreeAndTheSampledOneOnTheLazyGame() throws Exception {
        String[] game = {"experiment", "--domain", "fruit-trading", "--scenarios", "2", "--max-replies", "2",
            "--json"};
        JsonNode exact = registeredRun(concat(game, "--solver", "uniform", "--iterations", "4")).successJson()
                .get(0);
        assertThat(exact.get("solver").asText()).isEqualTo("uniform");
        assertThat(exact.get("exact").asBoolean()).isTrue();
        JsonNode sampled = registeredRun(concat(game, "--solver", "uniform-playouts", "--iterations", "50",
                "--playouts", "20", "--response-iterations", "50")).successJson().get(0);
        assertThat(sampled.get("solver").asText()).isEqualTo("uniform-playouts");
        assertThat(sampled.get("exact").asBoolean()).isFalse();
        assertThat(sampled.get("iterations").asInt()).isEqualTo(50);
        assertThat(sampled.get("infosets").asInt()).isPositive();
        assertThat(sampled.get("exact_figures").get("nash_conv").asDouble())
                .isCloseTo(exact.get("nash_conv").asDouble(), within(1e-9));
    }

    @Test
    void whatOnlyASampledOrASavableSolverTakesIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        CliRun budget = registeredRun("experiment", "--domain", "fruit-trading", "--solver", "uniform",
                "--budget-calls", "5");
        assertThat(budget.code()).isEqualTo(2);
        assertThat(budget.err()).isEqualTo("parley: --budget-calls, --checkpoint-every, --state and --resume need"
                + " --solver mccfr-os, mccfr-es or uniform-playouts\n");
        CliRun state = registeredRun("experiment", "--domain", "fruit-trading", "--solver", "uniform-playouts",
                "--state", dir.resolve("s.bin").toString());
        assertThat(state.code()).isEqualTo(2);
        assertThat(state.err()).isEqualTo("parley: --state and --resume need a solver whose runs can be saved"
                + " (mccfr-es, mccfr-os), not uniform-playouts\n");
        CliRun curve = registeredRun("experiment", "--domain", "fruit-trading", "--solver", "uniform-playouts",
                "--curve", "--out", dir.resolve("c").toString());
        assertThat(curve.code()).isEqualTo(2);
        assertThat(curve.err()).contains("(cfr, cfr+, dcfr, lcfr, cfr-vector, cfr+-vector, uniform)");
        CliRun unknown = registeredRun("solve", "--game", "kuhn_poker", "--solver", "magic", "--iterations", "1");
        assertThat(unknown.err()).endsWith(", mccfr-os, uniform, uniform-playouts\n");
    }

    @Test
    void sweepMixesItWithTheBuiltInOnes(@TempDir Path dir) throws Exception {
        CliRun r = registeredRun("sweep", "--domain", "fruit-trading", "--max-replies", "2", "--scenarios", "2",
                "--iterations", "5", "--solver", "cfr,uniform", "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode cells = dev.parley.cli.Json.MAPPER.readTree(dir.resolve("sweep.json").toFile());
        assertThat(cells.toString()).contains("\"solver\":\"cfr\"").contains("\"solver\":\"uniform\"");
    }

    @Test
    void theHelpOfEveryCommandThatTakesAnySolverNamesIt() throws Exception {
        for (String command : new String[] {"solve", "experiment", "sweep"}) {
            CliRun help = registeredRun(command, "--help");
            assertThat(help.out().replaceAll("\\s+", " ")).as(command)
                    .contains("Also: uniform, uniform-playouts (sampled).");
        }
        // without the family, the help is the built-in one, every solver named in the command's own words
        assertThat(parley("solve", "--help").out()).doesNotContain("Also:");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
