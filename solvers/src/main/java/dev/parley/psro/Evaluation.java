package dev.parley.psro;

/**
 * The estimated payoffs of one pure profile of strategies.
 *
 * @param means          each player's mean return
 * @param standardErrors standard error of each mean (0 when exact, NaN with one sample)
 * @param samples        simulations used; 0 when computed exactly
 */
public record Evaluation(double[] means, double[] standardErrors, int samples) {
    public Evaluation {
        means = means.clone();
        standardErrors = standardErrors.clone();
    }

    @Override
    public double[] means() {
        return means.clone();
    }

    @Override
    public double[] standardErrors() {
        return standardErrors.clone();
    }

    public boolean exact() {
        return samples == 0;
    }
}
