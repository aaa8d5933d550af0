package dev.parley.cfr;

/**
 * The counterfactual-regret-minimisation variants {@link CfrSolver} runs. All use alternating updates. Their
 * command-line names are in {@code dev.parley.solver.Solvers}.
 */
public enum CfrVariant {
    /** Vanilla CFR (Zinkevich et al. 2007) with OpenSpiel's conventions: average weighted by own reach. */
    CFR("CFR"),
    /** CFR+ (Tammelin 2014): regrets clipped at zero (RM+), average weighted by the iteration number. */
    CFR_PLUS("CFR+"),
    /** Discounted CFR (Brown and Sandholm 2019) with alpha = 3/2, beta = 0, gamma = 2. */
    DCFR("DCFR"),
    /** Linear CFR (Brown and Sandholm 2019): regrets and average both weighted by the iteration number. */
    LINEAR("Linear CFR");

    private final String title;

    CfrVariant(String title) {
        this.title = title;
    }

    /** The variant's name in the literature, for messages. */
    public String title() {
        return title;
    }
}
