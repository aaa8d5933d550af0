package dev.parley.game;

import java.util.List;

/** Player 0 moves twice and forgets its first move: the second infoset merges both branches (no perfect recall). */
public class ForgetfulGame implements Game {

    @Override
    public String name() {
        return "forgetful";
    }

    @Override
    public GameType type() {
        return GameType.sequentialImperfect(GameType.Utility.GENERAL_SUM);
    }

    @Override
    public int numPlayers() {
        return 1;
    }

    @Override
    public State initialState() {
        return new S(0, 0);
    }

    @Override
    public double minUtility() {
        return 0;
    }

    @Override
    public double maxUtility() {
        return 3;
    }

    private record S(int moves, int total) implements State {
        @Override
        public int currentPlayer() {
            return moves < 2 ? 0 : TERMINAL;
        }

        @Override
        public int[] legalActions() {
            return moves < 2 ? new int[] {0, 1} : new int[0];
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            return List.of();
        }

        @Override
        public State child(int action) {
            return new S(moves + 1, total + action * (moves + 1));
        }

        @Override
        public double[] returns() {
            return new double[] {moves < 2 ? 0 : total};
        }

        @Override
        public String infoStateKey(int player) {
            return "move" + moves;
        }

        @Override
        public String actionLabel(int action) {
            return action == 0 ? "a" : "b";
        }
    }
}
