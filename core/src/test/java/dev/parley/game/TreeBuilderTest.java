package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TreeBuilderTest {

    @Test
    void concurrentBuildGivesTheSameTreeAsCompile() {
        GameTree direct = GameTree.compile(new TinyGame(false));
        AtomicLong seen = new AtomicLong();
        TreeBuilder.Result r = new TreeBuilder(4, 1000, seen::set).build(new TinyGame(false));
        GameTree built = r.tree();
        assertThat(built.numNodes()).isEqualTo(direct.numNodes());
        assertThat(built.numInfosets()).isEqualTo(direct.numInfosets());
        for (int n = 0; n < direct.numNodes(); n++) {
            assertThat(built.player(n)).isEqualTo(direct.player(n));
            assertThat(built.utility(n, 0)).isEqualTo(direct.utility(n, 0));
        }
        assertThat(seen.get()).isEqualTo(direct.numNodes());
        assertThat(r.statesExpanded()).isEqualTo(direct.numNodes());
    }

    @Test
    void enforcesTheNodeLimitWhileWarming() {
        assertThatThrownBy(() -> new TreeBuilder(2, 5, n -> { }).build(new TinyGame(false)))
                .isInstanceOf(GameModelException.class).hasMessageContaining("more than 5 nodes");
    }
}
