package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EstimateTest {

    @Test
    void theTIntervalOfThreeKnownNumbers() {
        // 1, 2, 3: mean 2, s = 1, stderr = 1/sqrt(3) = 0.5773503, t(0.975, 2) = 4.3026527 (tables),
        // half-width 2.4841377
        Estimate e = Estimate.of(new double[] {1, 2, 3});
        assertThat(e.mean()).isEqualTo(2.0);
        assertThat(e.stderr()).isCloseTo(0.5773503, within(1e-7));
        assertThat(e.low()).isCloseTo(2 - 2.4841377, within(1e-6));
        assertThat(e.high()).isCloseTo(2 + 2.4841377, within(1e-6));
        assertThat(e.halfWidth()).isCloseTo(2.4841377, within(1e-6));
    }

    @Test
    void tenValuesUseNineDegreesOfFreedom() {
        // 0..9: mean 4.5, s = sqrt(82.5 / 9) = 3.0276504, stderr 0.9574271, t(0.975, 9) = 2.2621572
        double[] v = new double[10];
        for (int i = 0; i < 10; i++) {
            v[i] = i;
        }
        Estimate e = Estimate.of(v);
        assertThat(e.mean()).isEqualTo(4.5);
        assertThat(e.stderr()).isCloseTo(0.9574271, within(1e-7));
        assertThat(e.halfWidth()).isCloseTo(2.2621572 * 0.9574271, within(1e-6));
    }

    @Test
    void oneValueIsItsOwnIntervalAndNoneIsRefused() {
        Estimate e = Estimate.of(new double[] {0.058146219404873634});
        assertThat(e.mean()).isEqualTo(0.058146219404873634);
        assertThat(e.stderr()).isZero();
        assertThat(e.low()).isEqualTo(e.mean());
        assertThat(e.high()).isEqualTo(e.mean());
        assertThatThrownBy(() -> Estimate.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void equalValuesHaveNoSpread() {
        Estimate e = Estimate.of(new double[] {7, 7, 7, 7});
        assertThat(e.stderr()).isZero();
        assertThat(e.low()).isEqualTo(7.0);
        assertThat(e.high()).isEqualTo(7.0);
    }
}
