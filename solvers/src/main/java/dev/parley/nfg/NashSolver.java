package dev.parley.nfg;

import dev.parley.game.NormalFormGame;
import java.util.ArrayList;
import java.util.List;

/**
 * Two-player Nash equilibrium, choosing the method by the game: the zero-sum LP for zero-sum (constant-sum) games,
 * Lemke–Howson otherwise. {@link #solveAll} lists every equilibrium found by support enumeration (complete for
 * non-degenerate games) together with any further ones Lemke–Howson reaches, duplicates removed; games too large to
 * enumerate fall back to Lemke–Howson from every label.
 */
public final class NashSolver implements MetaSolver {

    private static final double ZERO_SUM_TOLERANCE = 1e-9;

    @Override
    public String name() {
        return "nash";
    }

    @Override
    public MetaSolution solve(NormalFormGame game) {
        MetaSolver.requireTwoPlayers("the Nash solver", game);
        if (game.isZeroSum(ZERO_SUM_TOLERANCE * Equilibria.payoffRange(game))) {
            return new ZeroSumLpSolver().solve(game);
        }
        return new LemkeHowson().solve(game);
    }

    @Override
    public List<MetaSolution> solveAll(NormalFormGame game) {
        MetaSolver.requireTwoPlayers("the Nash solver", game);
        int m = game.numStrategies(0);
        int n = game.numStrategies(1);
        List<MetaSolution> all = new ArrayList<>();
        if (SupportEnumeration.binomial(m + n, m) - 1 <= SupportEnumeration.MAX_SUPPORT_PAIRS) {
            all.addAll(new SupportEnumeration().solveAll(game));
        }
        for (MetaSolution s : new LemkeHowson().solveAll(game)) {
            if (!Equilibria.containsProfile(all, s)) {
                all.add(s);
            }
        }
        return all;
    }
}
