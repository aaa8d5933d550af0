package dev.parley.game;

import java.util.List;

/**
 * A coin (heads 1/4, tails 3/4) seen by player 0, who plays L or R; player 1 sees only that action and plays
 * l or r. Zero-sum: player 0 wins 1 when player 1 guesses the coin wrongly (r for heads, l for tails), else loses 1.
 * With {@code broken}, player 1 has a third action after heads only, which makes its infoset inconsistent.
 */
public class TinyGame implements Game {

    private final boolean broken;
    private final Runnable onChance;

    public TinyGame(boolean broken) {
        this(broken, () -> { });
    }

    /** @param onChance runs at the start of every chance transition (a test makes it wait or count) */
    public TinyGame(boolean broken, Runnable onChance) {
        this.broken = broken;
        this.onChance = onChance;
    }

    @Override
    public String name() {
        return "tiny";
    }

    @Override
    public GameType type() {
        return GameType.sequentialImperfect(GameType.Utility.ZERO_SUM);
    }

    @Override
    public int numPlayers() {
        return 2;
    }

    @Override
    public State initialState() {
        return new S(-1, -1, -1);
    }

    @Override
    public double minUtility() {
        return -1;
    }

    @Override
    public double maxUtility() {
        return 1;
    }

    private final class S implements State {
        final int coin;
        final int a0;
        final int a1;

        S(int coin, int a0, int a1) {
            this.coin = coin;
            this.a0 = a0;
            this.a1 = a1;
        }

        @Override
        public int currentPlayer() {
            return coin < 0 ? CHANCE : a0 < 0 ? 0 : a1 < 0 ? 1 : TERMINAL;
        }

        @Override
        public int[] legalActions() {
            int p = currentPlayer();
            if (p == TERMINAL) {
                return new int[0];
            }
            if (p == 1 && broken && coin == 0) {
                return new int[] {0, 1, 2};
            }
            return new int[] {0, 1};
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            return coin < 0 ? List.of(new ChanceOutcome(0, 0.25), new ChanceOutcome(1, 0.75)) : List.of();
        }

        @Override
        public State child(int action) {
            if (currentPlayer() == CHANCE) {
                onChance.run();
            }
            return switch (currentPlayer()) {
                case CHANCE -> new S(action, -1, -1);
                case 0 -> new S(coin, action, -1);
                case 1 -> new S(coin, a0, action);
                default -> throw new IllegalArgumentException("terminal");
            };
        }

        @Override
        public double[] returns() {
            if (currentPlayer() != TERMINAL) {
                return new double[2];
            }
            double u = a1 == coin ? -1 : 1;
            return new double[] {u, -u};
        }

        @Override
        public String infoStateKey(int player) {
            return player == 0 ? "p0:" + coin : "p1:a" + a0;
        }

        @Override
        public String actionLabel(int action) {
            return currentPlayer() == CHANCE ? (action == 0 ? "heads" : "tails")
                    : (currentPlayer() == 0 ? "LR" : "lrx").substring(action, action + 1);
        }
    }
}
