package dev.parley.experiment;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One experiment repeated over independent seeds ({@code seed, seed + 1, ...}): the per-seed reports and every
 * figure of the paper's table as an {@link Estimate} over them.
 *
 * @param seeds   the seed of each run, in order
 * @param perSeed the report of each run, in the same order
 */
public record SeededReport(List<Long> seeds, List<ExperimentReport> perSeed) {

    public SeededReport {
        seeds = List.copyOf(seeds);
        perSeed = List.copyOf(perSeed);
        if (perSeed.isEmpty() || seeds.size() != perSeed.size()) {
            throw new IllegalArgumentException("one report per seed, at least one: " + seeds.size() + " seeds, "
                    + perSeed.size() + " reports");
        }
    }

    /** The first run: what the runs share (domain, backend, settings) is read from it. */
    public ExperimentReport first() {
        return perSeed.get(0);
    }

    public int players() {
        return first().cfrGain().length;
    }

    public Estimate nashConv() {
        return of(ExperimentReport::nashConv);
    }

    public Estimate relativeNashConv() {
        return of(ExperimentReport::relativeNashConv);
    }

    public Estimate[] cfrGain() {
        return perPlayer(ExperimentReport::cfrGain);
    }

    public Estimate[] eqVsBase() {
        return perPlayer(ExperimentReport::eqVsBase);
    }

    public Estimate[] baseVsBase() {
        return perPlayer(ExperimentReport::baseVsBase);
    }

    public Estimate[] eqVsEq() {
        return perPlayer(ExperimentReport::eqVsEq);
    }

    /**
     * The paper's approximate-stability reading, judged on the intervals: every player's CFR gain is larger than
     * NashConv beyond doubt at 95%, i.e. every gain's lower bound is above NashConv's upper bound. With one seed
     * the intervals are points and this is today's reading (every gain above NashConv).
     */
    public boolean approximatelyStable() {
        double nashConvHigh = nashConv().high();
        for (Estimate g : cfrGain()) {
            if (!(g.low() > nashConvHigh)) {
                return false;
            }
        }
        return true;
    }

    /** How many seeds' own reports meet the point reading (gain above NashConv). */
    public long stableSeeds() {
        return perSeed.stream().filter(ExperimentReport::approximatelyStable).count();
    }

    /** The fraction of the seeds whose own report meets the point reading. */
    public double stableShare() {
        return stableSeeds() / (double) perSeed.size();
    }

    Estimate of(ToDoubleFunction<ExperimentReport> figure) {
        return Estimate.of(perSeed.stream().mapToDouble(figure).toArray());
    }

    Estimate[] perPlayer(java.util.function.Function<ExperimentReport, double[]> figure) {
        Estimate[] out = new Estimate[players()];
        for (int p = 0; p < out.length; p++) {
            final int q = p;
            out[p] = of(r -> figure.apply(r)[q]);
        }
        return out;
    }
}
