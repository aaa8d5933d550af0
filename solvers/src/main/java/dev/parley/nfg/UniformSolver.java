package dev.parley.nfg;

import dev.parley.game.NormalFormGame;

/** Every player mixes uniformly over its strategies (fictitious-play-like PSRO baseline). */
public final class UniformSolver implements MetaSolver {

    @Override
    public String name() {
        return "uniform";
    }

    @Override
    public MetaSolution solve(NormalFormGame game) {
        return MetaSolver.product(name(), game, Profiles.uniform(game), 0);
    }
}
