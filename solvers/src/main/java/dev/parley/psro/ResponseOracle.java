package dev.parley.psro;

import dev.parley.game.Game;
import java.util.List;
import java.util.Random;

/** Proposes a new strategy for one player against the others' meta-strategies. */
public interface ResponseOracle {

    /** What the oracle sees: the game, the responding player, every population and meta-strategy. */
    record Context(Game game, int player, List<List<Strategy>> populations, List<double[]> metaStrategy,
                   int iteration, Random rng) {
        public Context {
            populations = populations.stream().map(List::copyOf).toList();
            metaStrategy = metaStrategy.stream().map(double[]::clone).toList();
        }
    }

    /**
     * A response.
     *
     * @param strategy    the new strategy
     * @param value       its estimated payoff against the others' meta-strategies
     * @param simulations playouts used (0 for exact computation)
     */
    record Response(Strategy strategy, double value, long simulations) { }

    /** A short name, as on the command line. */
    String name();

    Response respond(Context context);
}
