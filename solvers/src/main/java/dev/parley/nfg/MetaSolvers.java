package dev.parley.nfg;

import dev.parley.registry.Registry;
import dev.parley.registry.UnknownNameException;
import java.util.List;
import java.util.Optional;

/** Meta-solvers by their command-line names, each with default settings and made fresh on every lookup. */
public final class MetaSolvers {

    private static final Registry<MetaSolver> REGISTRY = Registry.<MetaSolver>builder("meta-solver")
            .add("nash", NashSolver::new)
            .add("lp", ZeroSumLpSolver::new)
            .add("lemke-howson", LemkeHowson::new)
            .add("support-enumeration", SupportEnumeration::new)
            .add("ce", () -> new CorrelatedEquilibriumSolver(CorrelatedEquilibriumSolver.Concept.CE))
            .add("cce", () -> new CorrelatedEquilibriumSolver(CorrelatedEquilibriumSolver.Concept.CCE))
            .add("nbs", NashBargaining::new)
            .add("prd", ReplicatorDynamics::projected)
            .add("rd", ReplicatorDynamics::replicator)
            .add("rm", RegretMatching::new)
            .add("uniform", UniformSolver::new)
            .alias("lh", "lemke-howson")
            .alias("se", "support-enumeration")
            .build();

    private MetaSolvers() {
    }

    /** Every meta-solver's name, in the order the documentation lists them. */
    public static List<String> names() {
        return REGISTRY.names();
    }

    /** The solver called {@code name} (or {@code lh}, {@code se}), if there is one. */
    public static Optional<MetaSolver> find(String name) {
        return REGISTRY.find(name);
    }

    /**
     * The solver called {@code name}.
     *
     * @throws UnknownNameException naming the accepted names if {@code name} is unknown
     */
    public static MetaSolver require(String name) {
        return REGISTRY.require(name);
    }
}
