package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class NormalFormGameTest {

    @Test
    void bimatrixUsesGambitOrderFirstPlayerFastest() {
        NormalFormGame g = NormalFormGame.bimatrix("bos", new double[][] {{2, 0}, {0, 1}},
                new double[][] {{1, 0}, {0, 2}});
        assertThat(g.numProfiles()).isEqualTo(4);
        assertThat(g.profileIndex(1, 0)).isEqualTo(1);
        assertThat(g.profileIndex(0, 1)).isEqualTo(2);
        assertThat(g.profile(2)).containsExactly(0, 1);
        assertThat(g.payoff(0, 0, 0)).isEqualTo(2);
        assertThat(g.payoff(1, 1, 1)).isEqualTo(2);
        assertThat(g.payoffs()).containsExactly(2, 1, 0, 0, 0, 0, 1, 2);
        assertThat(g.isZeroSum(1e-12)).isFalse();
    }

    @Test
    void validatesShape() {
        assertThatThrownBy(() -> new NormalFormGame("x", List.of("a", "b"), List.of(List.of("1"), List.of("1")),
                new double[3])).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected 2");
        NormalFormGame g = new NormalFormGame("x", List.of("a"), List.of(List.of("1", "2")), new double[] {1, -1});
        assertThatThrownBy(() -> g.profileIndex(2)).isInstanceOf(IllegalArgumentException.class);
    }
}
