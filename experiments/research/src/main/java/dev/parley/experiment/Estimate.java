package dev.parley.experiment;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * A figure measured over independent seeds: its mean, standard error and two-sided 95% Student-t interval.
 *
 * <p>Why t and not the bootstrap: R is small (5 to 10 seeds), where a percentile bootstrap is too narrow and not
 * reproducible without its own seed, while the t interval is exact arithmetic anyone can redo from the per-seed
 * values. With one seed there is no spread to measure: the standard error is 0 and the interval is the point.
 *
 * @param mean   the arithmetic mean of the values
 * @param stderr the sample standard deviation (denominator n − 1) over √n
 * @param low    mean − t(0.975, n − 1) · stderr
 * @param high   mean + t(0.975, n − 1) · stderr
 */
public record Estimate(double mean, double stderr, double low, double high) {

    /** The estimate of {@code values} (at least one). */
    public static Estimate of(double[] values) {
        int n = values.length;
        if (n == 0) {
            throw new IllegalArgumentException("an estimate needs at least one value");
        }
        double mean = mean(values);
        if (n == 1) {
            return new Estimate(mean, 0, mean, mean);
        }
        double stderr = stderr(values, mean);
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * stderr;
        return new Estimate(mean, stderr, mean - half, mean + half);
    }

    /** The arithmetic mean of {@code values}. */
    static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The standard error of the mean of {@code values} (at least two), {@code mean} being their mean. */
    static double stderr(double[] values, double mean) {
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return Math.sqrt(squares / (values.length - 1) / values.length);
    }

    /** Half the interval's width, as the table prints it (mean ± half-width). */
    public double halfWidth() {
        return (high - low) / 2;
    }
}
