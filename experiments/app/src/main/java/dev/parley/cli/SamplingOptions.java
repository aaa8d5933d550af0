package dev.parley.cli;

import dev.parley.experiment.SampledExperiment;
import dev.parley.experiment.TreeSizeEstimate;
import dev.parley.solver.SolverKind;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options {@code experiment} and {@code sweep} share for the size guard and the sampling solvers: the node
 * limit, the budgets and what each estimate is made of.
 */
final class SamplingOptions {

    @Option(names = "--max-nodes", paramLabel = "N",
            description = "Refuse, before building, a tree estimated larger than N nodes (sweep: before the first"
                    + " cell; default: what fits in this JVM's heap, offline at 1 KB a node, with a model at 12 KB).")
    Long maxNodes;

    @Option(names = "--budget-calls", defaultValue = "0", paramLabel = "N",
            description = "mccfr-os/mccfr-es: stop after N model calls (offline: generations; 0: no such budget), in"
                    + " total across a run and its resumptions (the state file carries what was spent).")
    long budgetCalls;

    @Option(names = "--budget-seconds", defaultValue = "0", paramLabel = "S",
            description = "mccfr-os/mccfr-es: stop after S seconds of solving (0: no such budget). With experiment"
                    + " --curve: each sampling series' time limit (default there 120).")
    double budgetSeconds;

    @Option(names = "--playouts", defaultValue = "1000", paramLabel = "N",
            description = "mccfr-os/mccfr-es: paired playouts behind each estimated figure (default ${DEFAULT-VALUE}).")
    int playouts;

    @Option(names = "--response-iterations", defaultValue = "20000", paramLabel = "N",
            description = "mccfr-os/mccfr-es: outcome-sampling iterations of each player's sampled best response"
                    + " (the NashConv lower bound; default ${DEFAULT-VALUE}).")
    int responseIterations;

    /** The options' own bounds, checked before any work. */
    void check() {
        Bounds.atLeast(budgetCalls, 0, "--budget-calls");
        Bounds.notNegative(budgetSeconds, "--budget-seconds");
        if (maxNodes != null) {
            Bounds.atLeast(maxNodes, 1, "--max-nodes");
        }
    }

    /** The tree limit: {@code --max-nodes}, or what fits in the heap offline or with a model. */
    long limit(boolean offline) {
        return maxNodes != null ? maxNodes : TreeSizeEstimate.defaultMaxNodes(offline);
    }

    boolean budgeted() {
        return budgetCalls > 0 || budgetSeconds > 0;
    }

    /**
     * A sampled run's options. With a budget, {@code --iterations} caps the run only when it was given explicitly.
     */
    SampledExperiment.Options options(SolverKind solver, long iterations, boolean explicitIterations,
                                      long checkpointEvery, Path state, Path resume, boolean offline) {
        return new SampledExperiment.Options(solver, budgetCalls, budgetSeconds,
                budgeted() && !explicitIterations ? Long.MAX_VALUE : iterations, checkpointEvery, state, resume,
                playouts, responseIterations, limit(offline));
    }
}
