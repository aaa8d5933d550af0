package dev.parley.nfg;

/**
 * Each player's running mean of sampled returns and sum of squared deviations from it (Welford's update), which give
 * the standard error of each mean. One copy of that arithmetic for every estimate built from simulations: the
 * cells of {@link EmpiricalGame.Builder} and the prompt-space simulator's estimates. Not thread-safe.
 */
public final class RunningMoments {

    private int count;
    private final double[] mean;
    private final double[] m2;

    public RunningMoments(int players) {
        mean = new double[players];
        m2 = new double[players];
    }

    /** Adds one sample: one return per player. */
    public void add(double[] r) {
        if (r.length != mean.length) {
            throw new IllegalArgumentException("expected " + mean.length + " returns, got " + r.length);
        }
        count++;
        for (int p = 0; p < r.length; p++) {
            double delta = r[p] - mean[p];
            mean[p] += delta / count;
            m2[p] += delta * (r[p] - mean[p]);
        }
    }

    /**
     * Adds a summary of {@code samples > 0} further samples, their means and the standard errors of those means
     * (Chan et al.'s parallel variance formula; a standard error is not read when {@code samples == 1}).
     */
    public void merge(double[] means, double[] standardErrors, int samples) {
        int total = count + samples;
        for (int p = 0; p < means.length; p++) {
            double add = samples > 1 ? standardErrors[p] * standardErrors[p] * samples * (samples - 1) : 0;
            double delta = means[p] - mean[p];
            m2[p] += add + delta * delta * count * (double) samples / total;
            mean[p] += delta * samples / total;
        }
        count = total;
    }

    /** Samples so far. */
    public int count() {
        return count;
    }

    public double mean(int player) {
        return mean[player];
    }

    /** The standard error of the player's mean; NaN (unknown) below two samples. */
    public double standardError(int player) {
        return count > 1 ? Math.sqrt(m2[player] / (count - 1) / count) : Double.NaN;
    }

    public double[] means() {
        return mean.clone();
    }

    public double[] standardErrors() {
        double[] se = new double[mean.length];
        for (int p = 0; p < se.length; p++) {
            se[p] = standardError(p);
        }
        return se;
    }
}
