package dev.parley.nfg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RunningMomentsTest {

    @Test
    void oneSampleHasAMeanButNoStandardError() {
        RunningMoments m = new RunningMoments(2);
        m.add(new double[] {4, -2});
        assertThat(m.count()).isEqualTo(1);
        assertThat(m.means()).containsExactly(4, -2);
        assertThat(m.standardErrors()[0]).isNaN();
        assertThat(m.standardError(1)).isNaN();
    }

    @Test
    void samplesOneThreeFiveHaveMeanThreeAndStandardErrorRootFourThirds() {
        RunningMoments m = new RunningMoments(1);
        for (double x : new double[] {1, 3, 5}) {
            m.add(new double[] {x});
        }
        assertThat(m.mean(0)).isEqualTo(3);
        // Squared deviations 4 + 0 + 4 = 8; sample variance 8 / 2; standard error sqrt(variance / 3).
        assertThat(m.standardError(0)).isEqualTo(Math.sqrt(8.0 / 2 / 3));
    }

    /** The same operations in the same order as the textbook update, so every bit agrees. */
    @Test
    void equalsTheInlineWelfordUpdateToTheBit() {
        Random rng = new Random(3);
        RunningMoments m = new RunningMoments(3);
        double[] mean = new double[3];
        double[] m2 = new double[3];
        int count = 0;
        for (int i = 0; i < 40; i++) {
            double[] r = {rng.nextGaussian() * 5, rng.nextDouble(), rng.nextGaussian() + 1e6};
            m.add(r);
            count++;
            for (int p = 0; p < 3; p++) {
                double delta = r[p] - mean[p];
                mean[p] += delta / count;
                m2[p] += delta * (r[p] - mean[p]);
            }
        }
        assertThat(m.means()).containsExactly(mean);
        for (int p = 0; p < 3; p++) {
            assertThat(m.standardError(p)).isEqualTo(Math.sqrt(m2[p] / (count - 1) / count));
        }
    }

    @Test
    void aSampleOfTheWrongSizeIsRefused() {
        assertThatThrownBy(() -> new RunningMoments(2).add(new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("expected 2 returns, got 1");
    }
}
