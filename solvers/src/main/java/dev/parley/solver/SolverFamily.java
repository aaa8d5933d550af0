package dev.parley.solver;

import java.util.List;

/**
 * Solvers from outside this module: a class with a public no-argument constructor, listed in
 * {@code META-INF/services/dev.parley.solver.SolverFamily} on the class path, whose kinds {@link Solvers} offers
 * after its own, to every command that takes a solver by name.
 */
public interface SolverFamily {

    /** The family's solvers, each with a name no other solver has. */
    List<SolverKind> kinds();
}
