package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GameRequirementsTest {

    /** The tiny game, declared as a game of simultaneous moves. */
    static Game simultaneous() {
        return new TinyGame(false) {
            @Override
            public GameType type() {
                return new GameType(GameType.Dynamics.SIMULTANEOUS, GameType.ChanceMode.EXPLICIT,
                        GameType.Information.IMPERFECT, GameType.Utility.ZERO_SUM);
            }
        };
    }

    @Test
    void perfectRecallIsFoundOrItsBreachNamed() {
        assertThat(GameRequirements.imperfectRecall(GameTree.compile(new TinyGame(false)))).isEmpty();
        assertThat(GameRequirements.imperfectRecall(GameTree.compile(new ForgetfulGame())))
                .contains("player 0 reaches infoset 'move1' after different own moves");
        GameRequirements.requireSequentialPerfectRecall("cfr", GameTree.compile(new TinyGame(false)));
    }

    @Test
    void unsolvableGamesAreRefusedWithTheReason() {
        assertThatThrownBy(() -> GameRequirements.requireSequentialPerfectRecall("cfr",
                GameTree.compile(new ForgetfulGame()))).isInstanceOf(UnsupportedGameException.class)
                .hasMessage("cfr cannot solve 'forgetful': it lacks perfect recall (player 0 reaches infoset 'move1'"
                        + " after different own moves)");
        Game sim = simultaneous();
        assertThatThrownBy(() -> GameRequirements.requireSequential("mccfr-es", sim.name(), sim.type()))
                .isInstanceOf(UnsupportedGameException.class)
                .hasMessageStartingWith("mccfr-es cannot solve 'tiny': its players move simultaneously");
    }

    @Test
    void aLongChainHasPerfectRecall() {
        // one player choosing 'go' 2 000 times in a row (the check itself is iterative: depth costs it no stack)
        Game chain = new ForgetfulGame() { // its bounds and type, with a chain of states instead of its own
            @Override
            public State initialState() {
                return new Step(0);
            }
        };
        assertThat(GameRequirements.imperfectRecall(GameTree.compile(chain))).isEmpty();
    }

    private record Step(int n) implements State {
        @Override
        public int currentPlayer() {
            return n < 2_000 ? 0 : TERMINAL;
        }

        @Override
        public int[] legalActions() {
            return n < 2_000 ? new int[] {0} : new int[0];
        }

        @Override
        public java.util.List<ChanceOutcome> chanceOutcomes() {
            return java.util.List.of();
        }

        @Override
        public State child(int action) {
            return new Step(n + 1);
        }

        @Override
        public double[] returns() {
            return new double[] {n < 2_000 ? 0 : 1};
        }

        @Override
        public String infoStateKey(int player) {
            return "step" + n;
        }

        @Override
        public String actionLabel(int action) {
            return "go";
        }
    }
}
