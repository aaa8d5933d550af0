package dev.parley.solver;

import dev.parley.cfr.CfrVariant;
import dev.parley.mccfr.MccfrSolver;
import dev.parley.registry.Registry;
import dev.parley.registry.UnknownNameException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.WeakHashMap;

/**
 * The iterative solvers by the names the command line and the reports use: cfr, cfr+, dcfr, lcfr (full-tree CFR
 * variants), cfr-vector, cfr+-vector (CFR and CFR+ in vector form, on games with a public tree) and mccfr-es,
 * mccfr-os (Monte-Carlo CFR, external and outcome sampling), then the kinds of every {@link SolverFamily} on the
 * class path. The names live here, not in the solvers' enums.
 */
public final class Solvers {

    private static final Map<CfrVariant, String> CFR_NAMES = Map.of(CfrVariant.CFR, "cfr", CfrVariant.CFR_PLUS,
            "cfr+", CfrVariant.DCFR, "dcfr", CfrVariant.LINEAR, "lcfr");
    /** The variants offered in vector form, by name. */
    private static final Map<CfrVariant, String> VECTOR_NAMES = Map.of(CfrVariant.CFR, "cfr-vector",
            CfrVariant.CFR_PLUS, "cfr+-vector");
    private static final Map<MccfrSolver.Sampling, String> MCCFR_NAMES = Map.of(MccfrSolver.Sampling.EXTERNAL,
            "mccfr-es", MccfrSolver.Sampling.OUTCOME, "mccfr-os");

    /**
     * Every solver, by the class loader its families were found through: the thread's context class loader, as
     * {@link ServiceLoader#load(Class)} looks; in the command line that is always the application's.
     */
    private static final Map<ClassLoader, Registry<SolverKind>> ALL =
            Collections.synchronizedMap(new WeakHashMap<>());
    private static final Registry<SolverKind> CFR = registry(false, null);

    private Solvers() {
    }

    private static Registry<SolverKind> all() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return ALL.computeIfAbsent(loader == null ? Solvers.class.getClassLoader() : loader,
                l -> registry(true, l));
    }

    /** The built-in solvers and, with {@code families} found through a class loader, theirs after them. */
    private static Registry<SolverKind> registry(boolean withMccfr, ClassLoader families) {
        Registry.Builder<SolverKind> b = Registry.builder("solver");
        for (CfrVariant v : CfrVariant.values()) {
            SolverKind k = new SolverKind.Cfr(CFR_NAMES.get(v), v);
            b.add(k.name(), () -> k);
        }
        if (withMccfr) {
            for (CfrVariant v : new CfrVariant[] {CfrVariant.CFR, CfrVariant.CFR_PLUS}) {
                SolverKind k = new SolverKind.Cfr(VECTOR_NAMES.get(v), v, true);
                b.add(k.name(), () -> k);
            }
            for (MccfrSolver.Sampling s : MccfrSolver.Sampling.values()) {
                SolverKind k = new SolverKind.Mccfr(MCCFR_NAMES.get(s), s);
                b.add(k.name(), () -> k);
            }
        }
        if (families != null) {
            for (SolverFamily f : ServiceLoader.load(SolverFamily.class, families)) {
                for (SolverKind k : f.kinds()) {
                    b.add(k.name(), () -> k);
                }
            }
        }
        return b.build();
    }

    /** Every solver's name: cfr, cfr+, dcfr, lcfr, cfr-vector, cfr+-vector, mccfr-es, mccfr-os, then families'. */
    public static List<String> names() {
        return all().names();
    }

    /** The names of the solvers that sample ({@link SolverKind#sampled}): mccfr-es, mccfr-os, then the families'. */
    public static List<String> sampledNames() {
        return names().stream().filter(n -> require(n).sampled()).toList();
    }

    public static Optional<SolverKind> find(String name) {
        return all().find(name);
    }

    /** @throws UnknownNameException naming every solver if there is none called {@code name} */
    public static SolverKind require(String name) {
        return all().require(name);
    }

    /** The full-tree CFR variants' names: cfr, cfr+, dcfr, lcfr. */
    public static List<String> cfrNames() {
        return CFR.names();
    }

    /**
     * The full-tree CFR variant called {@code name} (for the commands that need the compiled tree's regrets).
     *
     * @throws UnknownNameException naming the CFR variants if there is none
     */
    public static CfrVariant requireCfr(String name) {
        return ((SolverKind.Cfr) CFR.require(name)).variant();
    }

    /** The registry's entry for a full-tree CFR variant. */
    public static SolverKind of(CfrVariant variant) {
        return CFR.require(CFR_NAMES.get(variant));
    }

    /** The registry's entry for Monte-Carlo CFR with {@code sampling}. */
    public static SolverKind of(MccfrSolver.Sampling sampling) {
        return all().require(MCCFR_NAMES.get(sampling));
    }

    public static String nameOf(CfrVariant variant) {
        return CFR_NAMES.get(variant);
    }

    public static String nameOf(MccfrSolver.Sampling sampling) {
        return MCCFR_NAMES.get(sampling);
    }
}
