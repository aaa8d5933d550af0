package dev.parley.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import org.junit.jupiter.api.Test;

class IntervalsTest {

    /** Wilson's interval: for no successes its upper end is z² / (n + z²) (closed form); it mirrors k ↔ n − k. */
    @Test
    void wilsonIntervalsMatchTheClosedFormsAndMirror() {
        double z2 = Proportion.Z * Proportion.Z;
        Proportion none = Proportion.of(0, 10);
        assertThat(none.low()).isZero();
        assertThat(none.high()).isCloseTo(z2 / (10 + z2), offset(1e-12));
        assertThat(none.high()).isCloseTo(0.2775327998628892, offset(1e-12));
        Proportion p = Proportion.of(24, 120);
        // computed by hand from Wilson (1927): centre (p + z²/2n) / (1 + z²/n), half-width as below
        assertThat(p.low()).isCloseTo(0.13824476478840259, offset(1e-12));
        assertThat(p.high()).isCloseTo(0.28036673506281956, offset(1e-12));
        Proportion q = Proportion.of(96, 120);
        assertThat(q.low()).isCloseTo(1 - p.high(), offset(1e-12));
        assertThat(q.high()).isCloseTo(1 - p.low(), offset(1e-12));
    }

    /** Spearman's rho with a tie, against scipy.stats.spearmanr([1,2,3,4,5], [5,6,7,8,7]) = 0.8207826816681233. */
    @Test
    void spearmanMatchesAReferenceWithTies() {
        RankCorrelation r = RankCorrelation.spearman(new double[] {1, 2, 3, 4, 5}, new double[] {5, 6, 7, 8, 7});
        assertThat(r.rho()).isCloseTo(0.8207826816681233, offset(1e-12));
        assertThat(r.low()).isLessThan(r.rho());
        assertThat(r.high()).isGreaterThan(r.rho()).isLessThanOrEqualTo(1);
        assertThat(RankCorrelation.spearman(new double[] {1, 2, 3}, new double[] {4, 4, 4}).rho()).isNaN();
        assertThat(RankCorrelation.spearman(new double[] {1, 2, 3, 4}, new double[] {8, 6, 4, 2}).rho())
                .isEqualTo(-1.0);
    }
}
