package dev.parley.game.poker;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameType;
import dev.parley.game.State;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Kuhn poker with OpenSpiel's rules, for any number of players from 2: a deck of {@code n + 1} cards, one private
 * card each (dealt by chance one player at a time), an ante of 1, one betting round of pass (0) or bet (1) with a
 * bet of 1. After a bet, every other player answers once (pass = fold, bet = call). The highest card among the
 * players still in wins the pot.
 */
public final class KuhnPoker implements Game {

    public static final int PASS = 0;
    public static final int BET = 1;

    private final int numPlayers;

    public KuhnPoker() {
        this(2);
    }

    public KuhnPoker(int numPlayers) {
        if (numPlayers < 2) {
            throw new IllegalArgumentException("Kuhn poker needs at least 2 players, got " + numPlayers);
        }
        this.numPlayers = numPlayers;
    }

    @Override
    public String name() {
        return numPlayers == 2 ? "kuhn_poker" : "kuhn_poker_" + numPlayers + "p";
    }

    @Override
    public GameType type() {
        return GameType.sequentialImperfect(GameType.Utility.ZERO_SUM);
    }

    @Override
    public int numPlayers() {
        return numPlayers;
    }

    @Override
    public State initialState() {
        return new KuhnState(new int[0], new int[0]);
    }

    @Override
    public double minUtility() {
        return -2;
    }

    @Override
    public double maxUtility() {
        return numPlayers * 2 - 2;
    }

    private final class KuhnState implements State {
        private final int[] cards;   // cards dealt so far, by player
        private final int[] bets;    // betting actions so far

        KuhnState(int[] cards, int[] bets) {
            this.cards = cards;
            this.bets = bets;
        }

        private int firstBet() {
            for (int i = 0; i < bets.length; i++) {
                if (bets[i] == BET) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public boolean isTerminal() {
            if (cards.length < numPlayers) {
                return false;
            }
            int fb = firstBet();
            return fb < 0 ? bets.length == numPlayers : bets.length == fb + numPlayers;
        }

        @Override
        public int currentPlayer() {
            if (cards.length < numPlayers) {
                return CHANCE;
            }
            if (isTerminal()) {
                return TERMINAL;
            }
            return bets.length % numPlayers;
        }

        @Override
        public int[] legalActions() {
            return legalActionsOr(() -> new int[] {PASS, BET});
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            if (cards.length >= numPlayers) {
                return List.of();
            }
            List<ChanceOutcome> outcomes = new ArrayList<>();
            int remaining = numPlayers + 1 - cards.length;
            for (int c = 0; c <= numPlayers; c++) {
                if (!dealt(c)) {
                    outcomes.add(new ChanceOutcome(c, 1.0 / remaining));
                }
            }
            return outcomes;
        }

        private boolean dealt(int card) {
            for (int c : cards) {
                if (c == card) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public State child(int action) {
            int p = currentPlayer();
            if (p == CHANCE) {
                if (action < 0 || action > numPlayers || dealt(action)) {
                    throw new IllegalArgumentException("card " + action + " cannot be dealt now");
                }
                int[] c = Arrays.copyOf(cards, cards.length + 1);
                c[cards.length] = action;
                return new KuhnState(c, bets);
            }
            if (p == TERMINAL || (action != PASS && action != BET)) {
                throw new IllegalArgumentException("action " + action + " is not legal here");
            }
            int[] b = Arrays.copyOf(bets, bets.length + 1);
            b[bets.length] = action;
            return new KuhnState(cards, b);
        }

        @Override
        public double[] returns() {
            double[] r = new double[numPlayers];
            if (!isTerminal()) {
                return r;
            }
            int fb = firstBet();
            boolean[] in = new boolean[numPlayers];
            double[] paid = new double[numPlayers];
            Arrays.fill(paid, 1.0);
            if (fb < 0) {
                Arrays.fill(in, true);
            } else {
                for (int i = fb; i < bets.length; i++) {
                    int player = i % numPlayers;
                    if (bets[i] == BET) {
                        in[player] = true;
                        paid[player] += 1.0;
                    }
                }
            }
            int winner = -1;
            for (int q = 0; q < numPlayers; q++) {
                if (in[q] && (winner < 0 || cards[q] > cards[winner])) {
                    winner = q;
                }
            }
            double pot = Arrays.stream(paid).sum();
            for (int q = 0; q < numPlayers; q++) {
                r[q] = (q == winner ? pot : 0.0) - paid[q];
            }
            return r;
        }

        @Override
        public String infoStateKey(int player) {
            StringBuilder sb = new StringBuilder();
            sb.append(player < cards.length ? Integer.toString(cards[player]) : "?");
            for (int b : bets) {
                sb.append(b == PASS ? 'p' : 'b');
            }
            return sb.toString();
        }

        @Override
        public String actionLabel(int action) {
            if (currentPlayer() == CHANCE) {
                return "Deal:" + action;
            }
            return action == PASS ? "Pass" : "Bet";
        }

        @Override
        public String toString() {
            return Arrays.toString(cards) + " " + infoStateKey(0).substring(1);
        }
    }
}
