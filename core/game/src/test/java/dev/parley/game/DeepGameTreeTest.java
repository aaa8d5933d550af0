package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** GameTree.compile walks with an explicit stack: depth is bounded by memory, not by the call stack. */
class DeepGameTreeTest {

    @Test
    void aChainOf200000DecisionsCompilesInDepthFirstOrder() {
        GameTree tree = GameTree.compile(new ChainGame(200_000, ChainGame.Payoff.STEPS));
        assertThat(tree.numNodes()).isEqualTo(2 * 200_000 + 1);
        assertThat(tree.numInfosets()).isEqualTo(200_000);
        // Node 2 ("go" from the root) is the second decision; the last node is the deepest terminal.
        assertThat(tree.depth(tree.numNodes() - 1)).isEqualTo(200_000);
        assertThat(tree.utility(tree.numNodes() - 1, 0)).isEqualTo(200_000);
        assertThat(tree.infosetKey(tree.infoset(2))).isEqualTo("1");
    }
}
