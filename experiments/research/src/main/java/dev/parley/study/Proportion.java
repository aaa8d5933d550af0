package dev.parley.study;

/**
 * A share of successes among trials with its 95% Wilson score interval. Why Wilson and not the t interval of
 * {@code Estimate}: a share near 0 or 1 (a judge that is never wrong, a classifier that is always right) has a
 * t interval of zero width, which claims a certainty the sample does not give; Wilson's stays honest there.
 *
 * @param successes how many trials counted
 * @param trials    how many trials there were (at least one)
 * @param share     successes / trials
 * @param low       the interval's lower end
 * @param high      the interval's upper end
 */
public record Proportion(long successes, long trials, double share, double low, double high) {

    /** The 0.975 quantile of the standard normal distribution. */
    static final double Z = 1.959963984540054;

    public static Proportion of(long successes, long trials) {
        if (trials < 1 || successes < 0 || successes > trials) {
            throw new IllegalArgumentException("a share needs 0 <= successes <= trials and trials >= 1, got "
                    + successes + " of " + trials);
        }
        double n = trials;
        double p = successes / n;
        double z2 = Z * Z;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = Z / (1 + z2 / n) * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
        return new Proportion(successes, trials, p, Math.max(0, centre - half), Math.min(1, centre + half));
    }

    public double[] interval() {
        return new double[] {low, high};
    }
}
