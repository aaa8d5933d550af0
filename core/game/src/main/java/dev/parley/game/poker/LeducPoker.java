package dev.parley.game.poker;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameType;
import dev.parley.game.State;
import java.util.ArrayList;
import java.util.List;

/**
 * Two-player Leduc poker with OpenSpiel's rules: six cards (three ranks, two suits; card {@code c} has rank
 * {@code c / 2}), an ante of 1, a private card each, two betting rounds with bets of 2 and then 4, at most two raises
 * per round, a public card between the rounds, player 0 first in each round. Actions are fold (0, only when facing
 * a bet), call/check (1) and raise (2). At showdown a pair with the public card wins, then the higher rank; equal
 * ranks split the pot. {@link #LeducPoker(int)} plays the same rules with more ranks (a larger game of the same
 * shape, for measuring solvers).
 */
public final class LeducPoker implements Game {

    public static final int FOLD = 0;
    public static final int CALL = 1;
    public static final int RAISE = 2;

    private static final int MAX_RAISES = 2;

    private final int ranks;

    /** OpenSpiel's Leduc poker: three ranks. */
    public LeducPoker() {
        this(3);
    }

    /** Leduc poker's rules with {@code ranks} ranks of two suits each (at least 2). */
    public LeducPoker(int ranks) {
        if (ranks < 2) {
            throw new IllegalArgumentException("Leduc poker needs at least 2 ranks, got " + ranks);
        }
        this.ranks = ranks;
    }

    @Override
    public String name() {
        return ranks == 3 ? "leduc_poker" : "leduc_poker(ranks=" + ranks + ")";
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
        return new LeducState(2 * ranks, -1, -1, -1, 1, 0, 0, 0, 1, 1, "", "", false, false);
    }

    @Override
    public double minUtility() {
        return -13;
    }

    @Override
    public double maxUtility() {
        return 13;
    }

    /**
     * @param numCards    twice the number of ranks
     * @param round       1 or 2
     * @param acted       number of actions in the current round
     * @param raises      raises in the current round
     * @param toAct       the player to act in the current round
     * @param folded      whether a player folded (the other wins)
     * @param roundOver   whether the current round's betting closed (waiting for the public card)
     */
    private record LeducState(int numCards, int card0, int card1, int publicCard, int round, int acted, int raises, int toAct,
                              int paid0, int paid1, String history1, String history2, boolean folded,
                              boolean roundOver) implements State {

        @Override
        public int currentPlayer() {
            if (card0 < 0 || card1 < 0) {
                return CHANCE;
            }
            if (folded || (round == 2 && roundOver)) {
                return TERMINAL;
            }
            if (roundOver) {
                return CHANCE; // the public card
            }
            return toAct;
        }

        @Override
        public int[] legalActions() {
            return legalActionsOr(this::bettingActions);
        }

        private int[] bettingActions() {
            boolean facingBet = (toAct == 0 ? paid0 < paid1 : paid1 < paid0);
            boolean canRaise = raises < MAX_RAISES;
            if (facingBet) {
                return canRaise ? new int[] {FOLD, CALL, RAISE} : new int[] {FOLD, CALL};
            }
            return canRaise ? new int[] {CALL, RAISE} : new int[] {CALL};
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            if (currentPlayer() != CHANCE) {
                return List.of();
            }
            List<ChanceOutcome> outcomes = new ArrayList<>(numCards);
            int remaining = numCards - (card0 >= 0 ? 1 : 0) - (card1 >= 0 ? 1 : 0);
            for (int c = 0; c < numCards; c++) {
                if (c != card0 && c != card1) {
                    outcomes.add(new ChanceOutcome(c, 1.0 / remaining));
                }
            }
            return outcomes;
        }

        @Override
        public State child(int action) {
            int p = currentPlayer();
            if (p == CHANCE) {
                if (action < 0 || action >= numCards || action == card0 || action == card1) {
                    throw new IllegalArgumentException("card " + action + " cannot be dealt now");
                }
                if (card0 < 0) {
                    return new LeducState(numCards, action, card1, publicCard, round, acted, raises, toAct, paid0, paid1,
                            history1, history2, folded, roundOver);
                }
                if (card1 < 0) {
                    return new LeducState(numCards, card0, action, publicCard, round, acted, raises, toAct, paid0, paid1,
                            history1, history2, folded, roundOver);
                }
                return new LeducState(numCards, card0, card1, action, 2, 0, 0, 0, paid0, paid1, history1, history2, false,
                        false);
            }
            if (p == TERMINAL) {
                throw new IllegalArgumentException("no action is legal at a terminal");
            }
            int[] legal = legalActions();
            boolean ok = false;
            for (int a : legal) {
                ok |= a == action;
            }
            if (!ok) {
                throw new IllegalArgumentException("action " + action + " is not legal here");
            }
            char symbol = action == FOLD ? 'f' : action == CALL ? 'c' : 'r';
            String h1 = round == 1 ? history1 + symbol : history1;
            String h2 = round == 2 ? history2 + symbol : history2;
            int betSize = round == 1 ? 2 : 4;
            int mine = toAct == 0 ? paid0 : paid1;
            int theirs = toAct == 0 ? paid1 : paid0;
            int other = 1 - toAct;
            switch (action) {
                case FOLD:
                    return new LeducState(numCards, card0, card1, publicCard, round, acted + 1, raises, other, paid0, paid1,
                            h1, h2, true, roundOver);
                case CALL: {
                    int newMine = theirs;
                    // The round closes when the second player checks or anyone calls a bet.
                    boolean closes = acted >= 1;
                    return new LeducState(numCards, card0, card1, publicCard, round, acted + 1, raises, other,
                            toAct == 0 ? newMine : paid0, toAct == 1 ? newMine : paid1, h1, h2, false, closes);
                }
                default: {
                    int newMine = theirs + betSize;
                    assert newMine > mine;
                    return new LeducState(numCards, card0, card1, publicCard, round, acted + 1, raises + 1, other,
                            toAct == 0 ? newMine : paid0, toAct == 1 ? newMine : paid1, h1, h2, false, false);
                }
            }
        }

        @Override
        public double[] returns() {
            double[] r = new double[2];
            if (currentPlayer() != TERMINAL) {
                return r;
            }
            int winner;
            if (folded) {
                // The player who folded is the one who would have acted next had they not: toAct is the other.
                winner = toAct;
            } else {
                winner = showdownWinner();
            }
            if (winner < 0) {
                return r;
            }
            double loserPaid = winner == 0 ? paid1 : paid0;
            r[winner] = loserPaid;
            r[1 - winner] = -loserPaid;
            return r;
        }

        private int showdownWinner() {
            int rank0 = card0 / 2;
            int rank1 = card1 / 2;
            int board = publicCard / 2;
            boolean pair0 = rank0 == board;
            boolean pair1 = rank1 == board;
            if (pair0 != pair1) {
                return pair0 ? 0 : 1;
            }
            if (rank0 != rank1) {
                return rank0 > rank1 ? 0 : 1;
            }
            return -1;
        }

        @Override
        public String infoStateKey(int player) {
            int own = player == 0 ? card0 : card1;
            return "p" + player + ":" + (own < 0 ? "?" : Integer.toString(own)) + ":"
                    + (publicCard < 0 ? "-" : Integer.toString(publicCard)) + ":" + history1 + "/" + history2;
        }

        @Override
        public String actionLabel(int action) {
            if (currentPlayer() == CHANCE) {
                String rank = numCards == 6 ? String.valueOf("JQK".charAt(action / 2)) : "r" + action / 2;
                return "Deal:" + rank + (action % 2 == 0 ? "s" : "h");
            }
            return switch (action) {
                case FOLD -> "Fold";
                case CALL -> "Call";
                case RAISE -> "Raise";
                default -> "?" + action;
            };
        }
    }
}
