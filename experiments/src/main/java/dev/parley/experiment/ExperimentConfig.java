package dev.parley.experiment;

import dev.parley.cfr.CfrVariant;
import java.util.Objects;

/**
 * One run of {@code parley experiment}.
 *
 * @param domain         the domain's name
 * @param scenarios      how many scenarios chance deals (the first is the domain's default)
 * @param maxReplies     the dialogue's length limit in messages
 * @param solver         the CFR variant
 * @param iterations     solver iterations
 * @param seed           seed for the scenario draws and the generator
 * @param concurrency    how many messages are generated at once while building the tree
 * @param curvePoints    how many NashConv measurements to take along the run (for the chart)
 */
public record ExperimentConfig(String domain, int scenarios, int maxReplies, CfrVariant solver, int iterations,
                               long seed, int concurrency, int curvePoints) {

    public ExperimentConfig {
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(solver, "solver");
        if (scenarios < 1 || maxReplies < 1 || iterations < 1 || concurrency < 1 || curvePoints < 1) {
            throw new IllegalArgumentException("scenarios, max replies, iterations, concurrency and curve points "
                    + "must all be at least 1");
        }
    }
}
