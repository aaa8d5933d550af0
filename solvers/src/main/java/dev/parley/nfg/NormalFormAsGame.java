package dev.parley.nfg;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameType;
import dev.parley.game.NormalFormGame;
import dev.parley.game.State;
import java.util.Arrays;
import java.util.List;

/**
 * A normal-form game as an extensive-form {@link Game}: the players move one after another, each without seeing the
 * earlier moves (one infoset per player), so that tree solvers (CFR, best response, PSRO) and the {@code .efg}
 * writer can be run on matrix games.
 */
public final class NormalFormAsGame implements Game {

    private final NormalFormGame game;
    private final double min;
    private final double max;

    public NormalFormAsGame(NormalFormGame game) {
        this.game = game;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : game.payoffs()) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        this.min = lo;
        this.max = hi;
    }

    public NormalFormGame normalForm() {
        return game;
    }

    @Override
    public String name() {
        return game.title();
    }

    @Override
    public GameType type() {
        return GameType.sequentialImperfect(game.isZeroSum(1e-12) ? GameType.Utility.ZERO_SUM
                : GameType.Utility.GENERAL_SUM);
    }

    @Override
    public int numPlayers() {
        return game.numPlayers();
    }

    @Override
    public State initialState() {
        return new Move(new int[0]);
    }

    @Override
    public double minUtility() {
        return min;
    }

    @Override
    public double maxUtility() {
        return max;
    }

    private final class Move implements State {
        private final int[] chosen;

        Move(int[] chosen) {
            this.chosen = chosen;
        }

        @Override
        public int currentPlayer() {
            return chosen.length == game.numPlayers() ? TERMINAL : chosen.length;
        }

        @Override
        public int[] legalActions() {
            if (isTerminal()) {
                return new int[0];
            }
            int[] a = new int[game.numStrategies(chosen.length)];
            Arrays.setAll(a, i -> i);
            return a;
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            return List.of();
        }

        @Override
        public State child(int action) {
            if (isTerminal() || action < 0 || action >= game.numStrategies(chosen.length)) {
                throw new IllegalArgumentException("illegal action " + action);
            }
            int[] next = Arrays.copyOf(chosen, chosen.length + 1);
            next[chosen.length] = action;
            return new Move(next);
        }

        @Override
        public double[] returns() {
            double[] r = new double[game.numPlayers()];
            if (isTerminal()) {
                int k = game.profileIndex(chosen);
                for (int p = 0; p < r.length; p++) {
                    r[p] = game.payoffAt(k, p);
                }
            }
            return r;
        }

        @Override
        public String infoStateKey(int player) {
            // A player knows only its own move (perfect recall) and nothing of the others'.
            return player < chosen.length ? "p" + player + ":" + chosen[player] : "p" + player;
        }

        @Override
        public String actionLabel(int action) {
            return game.strategies().get(chosen.length).get(action);
        }
    }
}
