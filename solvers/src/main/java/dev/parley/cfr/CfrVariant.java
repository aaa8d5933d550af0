package dev.parley.cfr;

import dev.parley.registry.Registry;
import dev.parley.registry.UnknownNameException;
import java.util.List;
import java.util.Optional;

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

    private static final Registry<CfrVariant> REGISTRY = registry();

    private static Registry<CfrVariant> registry() {
        Registry.Builder<CfrVariant> b = Registry.builder("CFR variant");
        for (CfrVariant v : values()) {
            b.add(v.cliName, () -> v);
        }
        return b.build();
    }

    /** The command-line names: cfr, cfr+, dcfr, lcfr. */
    public static List<String> names() {
        return REGISTRY.names();
    }

    /** The variant named {@code name} on the command line, if there is one. */
    public static Optional<CfrVariant> find(String name) {
        return REGISTRY.find(name);
    }

    /**
     * The variant named {@code name} on the command line.
     *
     * @throws UnknownNameException naming the variants if there is none
     */
    public static CfrVariant require(String name) {
        return REGISTRY.require(name);
    }

    /** The variant named {@code name}, or {@code null}: the older shape, kept while the experiment command uses it. */
    public static CfrVariant fromCliName(String name) {
        return find(name).orElse(null);
    }
}
