package dev.parley.nfg;

/**
 * When an iterative meta-solver stops: as soon as the NashConv (sum of regrets) of its output is at most
 * {@code regretThreshold} — checked every {@code checkEvery} iterations — or after {@code maxIterations}.
 */
public record StoppingRule(double regretThreshold, int maxIterations, int checkEvery) {

    public StoppingRule {
        if (!(regretThreshold >= 0) || maxIterations < 1 || checkEvery < 1) {
            throw new IllegalArgumentException("need regretThreshold >= 0, maxIterations >= 1, checkEvery >= 1");
        }
    }

    /** NashConv at most 1e-6, at most 100 000 iterations, checked every 10. */
    public static StoppingRule defaults() {
        return new StoppingRule(1e-6, 100_000, 10);
    }
}
