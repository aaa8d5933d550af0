package dev.parley.psro;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.GameTree;
import dev.parley.game.Policy;
import dev.parley.game.TabularPolicy;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The sampled evaluation's means and standard errors to the last bit: uniform play of Kuhn poker, 1,000 playouts
 * from seed 7, values taken from the inline Welford update the evaluator ran before it used RunningMoments.
 */
class SimulationEvaluatorPinTest {

    @Test
    void uniformKuhnFromSevenIsPinnedToTheBit() {
        KuhnPoker kuhn = new KuhnPoker(2);
        Policy uniform = TabularPolicy.uniform(GameTree.compile(kuhn));
        Evaluation e = new SimulationEvaluator(kuhn, 1_000).evaluate(List.of(uniform, uniform), new Random(7));
        assertThat(Double.doubleToLongBits(e.means()[0])).isEqualTo(4592158410443109432L);
        assertThat(Double.doubleToLongBits(e.means()[1])).isEqualTo(-4631213626411666376L);
        assertThat(Double.doubleToLongBits(e.standardErrors()[0])).isEqualTo(4586851459773830788L);
        assertThat(Double.doubleToLongBits(e.standardErrors()[1])).isEqualTo(4586851459773830788L);
        assertThat(e.samples()).isEqualTo(1_000);
        // zero-sum: the two means are opposite
        assertThat(e.means()[0]).isEqualTo(-e.means()[1]);
    }

    @Test
    void oneEpisodeHasAMeanButNoStandardError() {
        KuhnPoker kuhn = new KuhnPoker(2);
        Policy uniform = TabularPolicy.uniform(GameTree.compile(kuhn));
        Evaluation e = new SimulationEvaluator(kuhn, 1).evaluate(List.of(uniform, uniform), new Random(7));
        assertThat(e.standardErrors()).containsExactly(Double.NaN, Double.NaN);
        assertThat(Math.abs(e.means()[0])).isGreaterThan(0);
    }
}
