package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
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
    void aStatesChildrenAreGeneratedAtTheSameTime() {
        // both chance children of the root must be in their transition at once to pass the barrier (a builder that
        // generated one state's children one after another would time out here)
        CyclicBarrier both = new CyclicBarrier(2);
        AtomicInteger calls = new AtomicInteger();
        TinyGame game = new TinyGame(false, () -> {
            if (calls.incrementAndGet() <= 2) { // the warming pass; compile then replays them alone
                try {
                    both.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                    throw new IllegalStateException("the siblings were not generated concurrently", e);
                }
            }
        });
        TreeBuilder.Result r = new TreeBuilder(2, 1000, n -> { }).build(game);
        assertThat(r.tree().numNodes()).isEqualTo(GameTree.compile(new TinyGame(false)).numNodes());
    }

    @Test
    void theFirstFailureEndsTheBuildWithItsOwnException() {
        TinyGame game = new TinyGame(false, () -> {
            throw new IllegalStateException("the model is down");
        });
        assertThatThrownBy(() -> new TreeBuilder(3, 1000, n -> { }).build(game))
                .isInstanceOf(IllegalStateException.class).hasMessage("the model is down");
    }

    @Test
    void enforcesTheNodeLimitWhileWarming() {
        assertThatThrownBy(() -> new TreeBuilder(2, 5, n -> { }).build(new TinyGame(false)))
                .isInstanceOf(TreeTooLargeException.class).hasMessageContaining("more than 5 nodes");
    }
}
