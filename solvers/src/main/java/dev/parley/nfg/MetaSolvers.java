package dev.parley.nfg;

import java.util.List;

/** Meta-solvers by their command-line names. */
public final class MetaSolvers {

    /** The names {@link #byName} accepts. */
    public static final List<String> NAMES = List.of("nash", "lp", "lemke-howson", "support-enumeration", "ce",
            "cce", "nbs", "prd", "rd", "rm", "uniform");

    private MetaSolvers() {
    }

    /**
     * The solver called {@code name} with default settings.
     *
     * @throws MetaSolverException naming the accepted names if {@code name} is unknown
     */
    public static MetaSolver byName(String name) {
        return switch (name) {
            case "nash" -> new NashSolver();
            case "lp" -> new ZeroSumLpSolver();
            case "lemke-howson", "lh" -> new LemkeHowson();
            case "support-enumeration", "se" -> new SupportEnumeration();
            case "ce" -> new CorrelatedEquilibriumSolver(CorrelatedEquilibriumSolver.Concept.CE);
            case "cce" -> new CorrelatedEquilibriumSolver(CorrelatedEquilibriumSolver.Concept.CCE);
            case "nbs" -> new NashBargaining();
            case "prd" -> ReplicatorDynamics.projected();
            case "rd" -> ReplicatorDynamics.replicator();
            case "rm" -> new RegretMatching();
            case "uniform" -> new UniformSolver();
            default -> throw new MetaSolverException("unknown meta-solver '" + name + "'; expected one of "
                    + String.join(", ", NAMES));
        };
    }
}
