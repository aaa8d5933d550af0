package dev.parley.game;

import java.util.List;

/**
 * {@code depth} stop-or-go decisions in a row, for tests of depth (compiling and solving must not use the call
 * stack): at step k player {@code k % players} moves; "stop" (action 0) ends the game, "go" (action 1) moves to step
 * k + 1, and step {@code depth} is the end. Perfect information; the infoset key is the step. The {@link Payoff}
 * says who plays and what the end pays.
 */
public record ChainGame(int depth, Payoff payoff) implements Game {

    public enum Payoff {
        /** One player, paid the number of steps it went on (0 to depth). */
        STEPS(1, GameType.Utility.GENERAL_SUM),
        /** Two players alternate; the one who stops pays 1 to the other; reaching the end pays nothing. */
        STOPPER_PAYS_ONE(2, GameType.Utility.ZERO_SUM);

        final int players;
        final GameType.Utility utility;

        Payoff(int players, GameType.Utility utility) {
            this.players = players;
            this.utility = utility;
        }

        /** At the end of the game. */
        double[] returns(int at, boolean stopped) {
            if (this == STEPS) {
                return new double[] {at};
            }
            if (!stopped) {
                return new double[] {0, 0};
            }
            return at % 2 == 0 ? new double[] {-1, 1} : new double[] {1, -1};
        }
    }

    @Override
    public String name() {
        return "chain" + depth;
    }

    @Override
    public int numPlayers() {
        return payoff.players;
    }

    @Override
    public double minUtility() {
        return payoff == Payoff.STEPS ? 0 : -1;
    }

    @Override
    public double maxUtility() {
        return payoff == Payoff.STEPS ? depth : 1;
    }

    @Override
    public GameType type() {
        return new GameType(GameType.Dynamics.SEQUENTIAL, GameType.ChanceMode.DETERMINISTIC,
                GameType.Information.PERFECT, payoff.utility);
    }

    @Override
    public State initialState() {
        return new Step(this, 0, false);
    }

    private record Step(ChainGame game, int at, boolean stopped) implements State {
        @Override
        public int currentPlayer() {
            return stopped || at == game.depth ? TERMINAL : at % game.payoff.players;
        }

        @Override
        public int[] legalActions() {
            // None at the end (the two copies this replaces offered both even there; nothing that compiles reads it).
            return isTerminal() ? new int[0] : new int[] {0, 1};
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
            // Zero before the end, as the model requires (the single-player copy returned the step everywhere).
            return isTerminal() ? game.payoff.returns(at, stopped) : new double[game.payoff.players];
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
}
