package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** The cost curve over seeds: calls to target, the ratio's delta-method interval and the mean curve, by hand. */
class SeededCurveTest {

    private static CostCurve.Series series(String name, long toTarget, CostCurve.Point... points) {
        return new CostCurve.Series(name, List.of(points), toTarget, toTarget < 0 ? -1 : 1, "test");
    }

    /** A seed whose full expansion needs {@code full} calls and whose sampler needs {@code sampled}. */
    private static CostCurve.Result seed(long full, long sampled, CostCurve.Point... samplerPoints) {
        return new CostCurve.Result("d", "offline", 2, 4, new double[] {0, 1}, 0.01, 100,
                List.of(series("cfr (full expansion)", full, new CostCurve.Point(full, 1, 0.5),
                        new CostCurve.Point(full, 2, 0.005)), series("mccfr-os (lazy)", sampled, samplerPoints)),
                1);
    }

    private static CostCurve.Point p(long calls, double nashConv) {
        return new CostCurve.Point(calls, 1, nashConv);
    }

    @Test
    void proportionalSeedsGiveTheRatioWithNoSpread() {
        // X = 2Y on every seed: the ratio is exactly 2 and the delta method's variance s_x² − 4 s_xy + 4 s_y² is 0
        SeededCurve c = new SeededCurve(List.of(1L, 2L, 3L), List.of(seed(10, 20, p(20, 0.005)),
                seed(20, 40, p(40, 0.005)), seed(30, 60, p(60, 0.005))));
        Estimate ratio = c.ratioToFull(1);
        assertThat(ratio.mean()).isCloseTo(2, within(1e-12));
        assertThat(ratio.stderr()).isCloseTo(0, within(1e-12));
        assertThat(c.callsToTarget(1).mean()).isCloseTo(40, within(1e-12));
    }

    @Test
    void aConstantDenominatorGivesTheNumeratorsIntervalScaled() {
        // Y = 10 on every seed, X = 1, 2, 3: R = 0.2 and se = sd(X)/√3/10 = 1/√3/10
        SeededCurve c = new SeededCurve(List.of(1L, 2L, 3L), List.of(seed(10, 1, p(1, 0.001)),
                seed(10, 2, p(2, 0.001)), seed(10, 3, p(3, 0.001))));
        Estimate ratio = c.ratioToFull(1);
        double se = 1 / Math.sqrt(3) / 10;
        double t = new TDistribution(2).inverseCumulativeProbability(0.975);
        assertThat(ratio.mean()).isCloseTo(0.2, within(1e-12));
        assertThat(ratio.stderr()).isCloseTo(se, within(1e-12));
        assertThat(ratio.low()).isCloseTo(0.2 - t * se, within(1e-12));
        assertThat(ratio.high()).isCloseTo(0.2 + t * se, within(1e-12));
    }

    @Test
    void aSeedThatNeverReachedTheTargetLeavesNoMeanAndNoRatio() {
        SeededCurve c = new SeededCurve(List.of(1L, 2L), List.of(seed(10, 5, p(5, 0.001)),
                seed(10, -1, p(5, 0.5))));
        assertThat(c.reached(1)).isEqualTo(1);
        assertThat(c.callsToTarget(1)).isNull();
        assertThat(c.ratioToFull(1)).isNull();
        assertThat(c.callsToTarget(0).mean()).isEqualTo(10);
    }

    @Test
    void theMeanCurveReadsEachSeedAsAStepWhereEverySeedIsMeasured() {
        // seed 1 measures at 10 and 30 calls, seed 2 at 20 and 40: from 20 on, where both have a point; seed 1,
        // ended at 30, holds its last value at 40
        SeededCurve c = new SeededCurve(List.of(1L, 2L), List.of(seed(50, -1, p(10, 0.8), p(30, 0.4)),
                seed(50, -1, p(20, 0.6), p(40, 0.2))));
        List<SeededCurve.MeanPoint> mean = c.meanCurve(1);
        assertThat(mean).extracting(SeededCurve.MeanPoint::calls).containsExactly(20.0, 30.0, 40.0);
        assertThat(mean.get(0).nashConv().mean()).isCloseTo((0.8 + 0.6) / 2, within(1e-12));
        assertThat(mean.get(1).nashConv().mean()).isCloseTo((0.4 + 0.6) / 2, within(1e-12));
        assertThat(mean.get(2).nashConv().mean()).isCloseTo((0.4 + 0.2) / 2, within(1e-12));
        // full expansion: point by point
        List<SeededCurve.MeanPoint> full = c.meanCurve(0);
        assertThat(full).hasSize(2);
        assertThat(full.get(1).nashConv().mean()).isCloseTo(0.005, within(1e-12));
    }
}
