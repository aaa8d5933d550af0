package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Knuth's estimator of a tree's size, checked against the compiled tree's exact count. */
class TreeSizeTest {

    @Test
    void aTreeOfEvenBranchingIsEstimatedExactly() {
        // chance (2) -> player 0 (2) -> player 1 (2): every path sees the same widths, so every probe is exact
        TinyGame game = new TinyGame(false);
        int exact = GameTree.compile(game).numNodes();
        assertThat(exact).isEqualTo(15);
        TreeSize size = TreeSize.of(game, 64, 7);
        assertThat(size.nodes()).isEqualTo(exact);
        assertThat(size.stderr()).isZero();
        assertThat(size.probes()).isEqualTo(64);
    }

    @Test
    void anUnevenTreeIsEstimatedWithoutBiasWithinItsStandardError() {
        // stop-or-go 4 times: 9 nodes; a probe that stops after k goes says 2^(k+2) - 1 (3, 7, 15, 31, or 31 at the
        // end), with probabilities 1/2, 1/4, 1/8, 1/16, 1/16: mean 9, variance 84, so 256 probes have standard error
        // 0.57. (Deep uneven trees are where the estimator is weak: its sample error then understates the spread.)
        ChainGame game = new ChainGame(4, ChainGame.Payoff.STOPPER_PAYS_ONE);
        int exact = GameTree.compile(game).numNodes();
        assertThat(exact).isEqualTo(9);
        for (long seed = 1; seed <= 5; seed++) {
            TreeSize size = TreeSize.of(game, TreeSize.DEFAULT_PROBES, seed);
            assertThat(size.stderr()).isBetween(0.3, 0.9);
            assertThat(Math.abs(size.nodes() - exact)).as("seed %d", seed).isLessThanOrEqualTo(4 * 0.573);
        }
    }

    @Test
    void theGuardStopsEarlyOnlyWhenTheTreePlainlyFits() {
        ChainGame game = new ChainGame(12, ChainGame.Payoff.STOPPER_PAYS_ONE);
        assertThat(TreeSize.against(game, 1_000_000_000L, 3).probes()).isEqualTo(TreeSize.ROUND);
        TreeSize tight = TreeSize.against(game, 30, 3);
        assertThat(tight.probes()).isEqualTo(TreeSize.DEFAULT_PROBES);
        assertThat(tight.nodes()).isEqualTo(TreeSize.of(game, TreeSize.DEFAULT_PROBES, 3).nodes());
    }

    @Test
    void itReadsInOneLine() {
        assertThat(new TreeSize(6.0e18, 5.8e18, 256).describe("plays"))
                .isEqualTo("about 6.0e+18 nodes (estimated from 256 random plays, standard error 97%)");
        assertThat(new TreeSize(8400, 0, 16).label()).isEqualTo("8,400");
        assertThat(new TreeSize(8400, 0, 16).exceeds(8399)).isTrue();
        assertThat(new TreeSize(8400, 0, 16).exceeds(8400)).isFalse();
        assertThatThrownBy(() -> TreeSize.of(new TinyGame(false), 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
