package dev.parley.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The cost curve over independent seeds ({@code experiment --curve --seeds R}): seed {@code S + i} draws run i's
 * scenarios and seeds its samplers. Per solver, the calls to the target are reported per seed and as a mean with
 * its Student-t 95% interval; the ratio to full expansion is the ratio of the means, with a delta-method
 * interval over the paired seeds (the same seed's scenarios for both solvers); the curve is the mean over seeds
 * with its t band.
 *
 * @param seeds   the seed of each run, in order
 * @param perSeed the curves of each run, in the same order
 */
public record SeededCurve(List<Long> seeds, List<CostCurve.Result> perSeed) {

    /** One point of a mean curve: calls, and NashConv over the seeds there. */
    public record MeanPoint(double calls, Estimate nashConv) { }

    public SeededCurve {
        seeds = List.copyOf(seeds);
        perSeed = List.copyOf(perSeed);
        if (perSeed.isEmpty() || seeds.size() != perSeed.size()) {
            throw new IllegalArgumentException("one curve per seed, at least one: " + seeds.size() + " seeds, "
                    + perSeed.size() + " curves");
        }
    }

    public CostCurve.Result first() {
        return perSeed.get(0);
    }

    /** How many seeds reached the target with series {@code s}. */
    public int reached(int s) {
        return (int) perSeed.stream().filter(r -> r.series().get(s).callsToTarget() >= 0).count();
    }

    /** Calls to the target over the seeds, or null unless every seed reached it. */
    public Estimate callsToTarget(int s) {
        if (reached(s) < perSeed.size()) {
            return null;
        }
        return Estimate.of(perSeed.stream().mapToDouble(r -> r.series().get(s).callsToTarget()).toArray());
    }

    public Estimate iterationsToTarget(int s) {
        if (reached(s) < perSeed.size()) {
            return null;
        }
        return Estimate.of(perSeed.stream().mapToDouble(r -> r.series().get(s).iterationsToTarget()).toArray());
    }

    /**
     * Series {@code s}'s calls to the target over full expansion's (series 0), as the ratio of the means X̄/Ȳ, or
     * null unless every seed reached the target with both. Its standard error is the delta method's for paired
     * samples, √[(s_x² − 2R·s_xy + R²·s_y²) / n] / Ȳ, and the interval R ± t(0.975, n − 1) · se; with one seed the
     * ratio is a point.
     */
    public Estimate ratioToFull(int s) {
        Estimate x = callsToTarget(s);
        Estimate y = callsToTarget(0);
        if (x == null || y == null || y.mean() == 0) {
            return null;
        }
        int n = perSeed.size();
        double ratio = x.mean() / y.mean();
        if (n == 1) {
            return new Estimate(ratio, 0, ratio, ratio);
        }
        double sxx = 0;
        double syy = 0;
        double sxy = 0;
        for (CostCurve.Result r : perSeed) {
            double dx = r.series().get(s).callsToTarget() - x.mean();
            double dy = r.series().get(0).callsToTarget() - y.mean();
            sxx += dx * dx;
            syy += dy * dy;
            sxy += dx * dy;
        }
        sxx /= n - 1;
        syy /= n - 1;
        sxy /= n - 1;
        double variance = Math.max(0, sxx - 2 * ratio * sxy + ratio * ratio * syy) / n;
        double stderr = Math.sqrt(variance) / y.mean();
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * stderr;
        return new Estimate(ratio, stderr, ratio - half, ratio + half);
    }

    /**
     * Series {@code s} averaged over the seeds. Full expansion (series 0) measures at the same iterations on every
     * seed: point k is the mean of the seeds' k-th points, at their mean calls. A sampler's points fall at
     * different calls on each seed: each seed's curve is read as a step (the NashConv of its last point at or
     * before x) at every call count any seed measured from the first at which every seed has a point; a seed whose
     * series has ended (target, budget) holds its last value from there on.
     */
    public List<MeanPoint> meanCurve(int s) {
        List<MeanPoint> out = new ArrayList<>();
        if (s == 0) {
            int points = perSeed.stream().mapToInt(r -> r.series().get(0).points().size()).min().orElse(0);
            for (int k = 0; k < points; k++) {
                final int q = k;
                double calls = perSeed.stream().mapToDouble(r -> r.series().get(0).points().get(q).calls())
                        .average().orElse(0);
                out.add(new MeanPoint(calls, Estimate.of(perSeed.stream()
                        .mapToDouble(r -> r.series().get(0).points().get(q).nashConv()).toArray())));
            }
            return out;
        }
        long from = 0;
        TreeSet<Long> xs = new TreeSet<>();
        for (CostCurve.Result r : perSeed) {
            List<CostCurve.Point> pts = r.series().get(s).points();
            if (pts.isEmpty()) {
                return out;
            }
            from = Math.max(from, pts.get(0).calls());
            pts.forEach(p -> xs.add(p.calls()));
        }
        for (long x : xs.tailSet(from, true)) {
            double[] values = new double[perSeed.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = stepAt(perSeed.get(i).series().get(s).points(), x);
            }
            out.add(new MeanPoint(x, Estimate.of(values)));
        }
        return out;
    }

    /** The NashConv of the last point at or before {@code calls} (the points are in order of calls). */
    private static double stepAt(List<CostCurve.Point> points, long calls) {
        double v = Double.NaN;
        for (CostCurve.Point p : points) {
            if (p.calls() > calls) {
                break;
            }
            v = p.nashConv();
        }
        return v;
    }
}
