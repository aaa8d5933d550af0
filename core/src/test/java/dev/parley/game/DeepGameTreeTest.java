package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** GameTree.compile walks with an explicit stack: depth is bounded by memory, not by the call stack. */
class DeepGameTreeTest {

    /** One player, {@code depth} binary decisions in a row: "stop" ends the game, "go" moves one step deeper. */
    record Chain(int depth) implements Game {
        @Override
        public String name() {
            return "chain" + depth;
        }

        @Override
        public int numPlayers() {
            return 1;
        }

        @Override
        public double minUtility() {
            return 0;
        }

        @Override
        public double maxUtility() {
            return depth;
        }

        @Override
        public GameType type() {
            return new GameType(GameType.Dynamics.SEQUENTIAL, GameType.ChanceMode.DETERMINISTIC,
                    GameType.Information.PERFECT, GameType.Utility.GENERAL_SUM);
        }

        @Override
        public State initialState() {
            return new Step(this, 0, false);
        }
    }

    record Step(Chain game, int at, boolean stopped) implements State {
        @Override
        public int currentPlayer() {
            return stopped || at == game.depth() ? TERMINAL : 0;
        }

        @Override
        public int[] legalActions() {
            return new int[] {0, 1};
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            return List.of();
        }

        @Override
        public State child(int action) {
            return action == 0 ? new Step(game, at, true) : new Step(game, at + 1, false);
        }

        @Override
        public double[] returns() {
            return new double[] {at};
        }

        @Override
        public String infoStateKey(int player) {
            return Integer.toString(at);
        }

        @Override
        public String actionLabel(int action) {
            return action == 0 ? "stop" : "go";
        }
    }

    @Test
    void aChainOf200000DecisionsCompilesInDepthFirstOrder() {
        GameTree tree = GameTree.compile(new Chain(200_000));
        assertThat(tree.numNodes()).isEqualTo(2 * 200_000 + 1);
        assertThat(tree.numInfosets()).isEqualTo(200_000);
        // Node 2 ("go" from the root) is the second decision; the last node is the deepest terminal.
        assertThat(tree.depth(tree.numNodes() - 1)).isEqualTo(200_000);
        assertThat(tree.utility(tree.numNodes() - 1, 0)).isEqualTo(200_000);
        assertThat(tree.infosetKey(tree.infoset(2))).isEqualTo("1");
    }
}
