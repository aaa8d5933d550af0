package dev.parley.cfr;

/**
 * The counterfactual-regret-minimisation variants {@link CfrSolver} runs. All use alternating updates.
 */
public enum CfrVariant {
    /** Vanilla CFR (Zinkevich et al. 2007) with OpenSpiel's conventions: average weighted by own reach. */
    CFR("cfr"),
    /** CFR+ (Tammelin 2014): regrets clipped at zero (RM+), average weighted by the iteration number. */
    CFR_PLUS("cfr+"),
    /** Discounted CFR (Brown and Sandholm 2019) with alpha = 3/2, beta = 0, gamma = 2. */
    DCFR("dcfr"),
    /** Linear CFR (Brown and Sandholm 2019): regrets and average both weighted by the iteration number. */
    LINEAR("lcfr");

    private final String cliName;

    CfrVariant(String cliName) {
        this.cliName = cliName;
    }

    /** The name used on the command line and in reports. */
    public String cliName() {
        return cliName;
    }

    /** The variant named {@code name} on the command line, or {@code null}. */
    public static CfrVariant fromCliName(String name) {
        for (CfrVariant v : values()) {
            if (v.cliName.equals(name)) {
                return v;
            }
        }
        return null;
    }
}
