package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.List;

/** Solves a normal-form (meta-)game for a profile or joint distribution. */
public interface MetaSolver {

    /** A short name, as on the command line. */
    String name();

    /**
     * One solution.
     *
     * @throws MetaSolverException if the game does not suit the solver (e.g. not two-player) or the solver fails
     */
    MetaSolution solve(NormalFormGame game);

    /** Every solution the method finds; by default the single one of {@link #solve}. */
    default List<MetaSolution> solveAll(NormalFormGame game) {
        return List.of(solve(game));
    }

    /** Builds a product-profile solution with payoffs and Nash regrets computed by {@link Profiles}. */
    static MetaSolution product(String method, NormalFormGame game, double[][] profile, int iterations) {
        return new MetaSolution(method, MetaSolution.Kind.PRODUCT, profile, Profiles.productJoint(game, profile),
                Profiles.expectedPayoffs(game, profile), Profiles.regrets(game, profile), iterations);
    }

    /** Fails with a clear message unless the game has exactly two players. */
    static void requireTwoPlayers(String method, NormalFormGame game) {
        if (game.numPlayers() != 2) {
            throw new MetaSolverException(method + " solves two-player games only; '" + game.title() + "' has "
                    + game.numPlayers() + " players (use cce, rm, rd, prd or uniform)");
        }
    }
}
