package dev.parley.experiment;

import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A sampled experiment repeated over independent seeds: seed {@code S + i} draws run i's scenarios and seeds its
 * solver, its best responses and its playouts. With one seed every figure is that run's playout estimate (mean and
 * Student-t interval over its paired playouts); with R > 1 seeds it is the mean over the seeds of each run's
 * estimate, with the Student-t interval over those R means. Each run's mean already averages its playouts, so the
 * spread over seeds carries the playout noise and the seed-to-seed variation (scenarios, solver) together.
 *
 * @param seeds   the seed of each run, in order
 * @param perSeed the report of each run, in the same order
 */
public record SeededSampledReport(List<Long> seeds, List<SampledReport> perSeed) {

    public SeededSampledReport {
        seeds = List.copyOf(seeds);
        perSeed = List.copyOf(perSeed);
        if (perSeed.isEmpty() || seeds.size() != perSeed.size()) {
            throw new IllegalArgumentException("one report per seed, at least one: " + seeds.size() + " seeds, "
                    + perSeed.size() + " reports");
        }
    }

    public SampledReport first() {
        return perSeed.get(0);
    }

    public int players() {
        return first().roles().size();
    }

    /** The NashConv lower bound. */
    public Estimate nashConv() {
        return of(r -> r.estimates().nashConv());
    }

    /** The lower bound as a share of the payoff range. */
    public Estimate relativeNashConv() {
        return of(r -> relative(r.estimates().nashConv(), r.range()));
    }

    public Estimate[] cfrGain() {
        return perPlayer(r -> r.estimates().cfrGain());
    }

    public Estimate[] bestResponseGain() {
        return perPlayer(r -> r.estimates().responses());
    }

    public Estimate[] eqVsBase() {
        return perPlayer(r -> r.estimates().eqVsBase());
    }

    public Estimate[] baseVsBase() {
        return perPlayer(r -> r.estimates().baseVsBase());
    }

    public Estimate[] eqVsEq() {
        return perPlayer(r -> r.estimates().eqVsEq());
    }

    /** Whether every seed's tree was small enough to expand, so that the exact figures exist for every seed. */
    public boolean allExact() {
        return perSeed.stream().allMatch(r -> r.exact() != null);
    }

    /** An exact figure over the seeds (only when {@link #allExact}): the t interval over the per-seed values. */
    public Estimate exact(ToDoubleFunction<SampledExperiment.Exact> figure) {
        return Estimate.of(perSeed.stream().mapToDouble(r -> figure.applyAsDouble(r.exact())).toArray());
    }

    public Estimate[] exactPerPlayer(Function<SampledExperiment.Exact, double[]> figure) {
        Estimate[] out = new Estimate[players()];
        for (int p = 0; p < out.length; p++) {
            final int q = p;
            out[p] = exact(x -> figure.apply(x)[q]);
        }
        return out;
    }

    /** How the intervals were made, for the JSON's {@code interval}. */
    public String intervalRule() {
        return perSeed.size() == 1 ? "student-t 95% over " + first().estimates().playouts() + " paired playouts"
                : "student-t 95% over " + perSeed.size() + " seeds (each seed's figure a mean over "
                + first().estimates().playouts() + " paired playouts)";
    }

    Estimate of(Function<SampledReport, Estimate> figure) {
        if (perSeed.size() == 1) {
            return figure.apply(first());
        }
        return Estimate.of(perSeed.stream().mapToDouble(r -> figure.apply(r).mean()).toArray());
    }

    Estimate[] perPlayer(Function<SampledReport, Estimate[]> figure) {
        Estimate[] out = new Estimate[players()];
        for (int p = 0; p < out.length; p++) {
            final int q = p;
            out[p] = of(r -> figure.apply(r)[q]);
        }
        return out;
    }

    /** {@code e} as a share of the (positive) payoff range. */
    static Estimate relative(Estimate e, double range) {
        return new Estimate(e.mean() / range, e.stderr() / range, e.low() / range, e.high() / range);
    }
}
