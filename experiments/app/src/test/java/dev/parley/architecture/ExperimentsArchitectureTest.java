package dev.parley.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import dev.parley.cfr.CfrSolver;
import dev.parley.mccfr.MccfrSolver;
import org.junit.jupiter.api.Test;

/**
 * The rules Maven cannot state, checked from the app module, which sees every other: the command line on top; the
 * web pages; the DGEP server and the research code (experiments, studies, imitation, the steered agent), which are
 * modules of their own that never see each other; and no two packages of the whole project depend on each other.
 */
class ExperimentsArchitectureTest {

    private static final JavaClasses CLASSES = MainClasses.ofParley();

    @Test
    void nothingImportsTheCommandLine() {
        noClasses().that().resideOutsideOfPackage("dev.parley.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.parley.cli..")
                .because("the command line is the outermost layer: library code takes typed values, not options")
                .check(CLASSES);
    }

    @Test
    void theServersServiceAndStoreKnowNoHttpLibrary() {
        noClasses().that().resideInAPackage("dev.parley.server..")
                .and().haveNameMatching(".*(Service|Store|Snapshots|Catalogue|Dialogues|ServedDialogue).*")
                .should().dependOnClassesThat().resideInAnyPackage("io.javalin..", "org.eclipse.jetty..",
                        "jakarta.servlet..")
                .because("the service is the API apart from HTTP; routes and status codes belong to the front")
                .check(CLASSES);
    }

    @Test
    void theServerTheWebPagesAndTheResearchCodeKeepTheirLayers() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("command line").definedBy("dev.parley.cli..")
                .layer("web pages").definedBy("dev.parley.web..")
                .layer("server").definedBy("dev.parley.server..")
                .layer("research").definedBy("dev.parley.experiment..", "dev.parley.study..",
                        "dev.parley.imitation..", "dev.parley.agent..")
                .whereLayer("command line").mayNotBeAccessedByAnyLayer()
                .whereLayer("web pages").mayOnlyBeAccessedByLayers("command line")
                .whereLayer("server").mayOnlyBeAccessedByLayers("web pages", "command line")
                .whereLayer("research").mayOnlyBeAccessedByLayers("web pages", "command line")
                .check(CLASSES);
    }

    @Test
    void solversComeFromTheRegistry() {
        // resuming a saved MCCFR run and its sampled best response are MCCFR's own services, not a choice of solver
        DescribedPredicate<JavaCall<?>> makesASolver = DescribedPredicate.describe(
                "a CFR or MCCFR solver made directly", call -> {
                    String owner = call.getTargetOwner().getName();
                    String name = call.getName();
                    return owner.equals(CfrSolver.class.getName())
                            && (name.equals("<init>") || name.equals("vectorForm"))
                            || owner.equals(MccfrSolver.class.getName())
                            && (name.equals("onGame") || name.equals("onTree"));
                });
        noClasses().that().resideOutsideOfPackages("dev.parley.cfr..", "dev.parley.mccfr..", "dev.parley.solver..")
                .should().callCodeUnitWhere(makesASolver)
                .because("every solver call goes through IterativeSolver and the registry (Solvers), so a solver"
                        + " added there is offered everywhere")
                .check(CLASSES);
    }

    @Test
    void noDomainDependsOnAnotherDomain() {
        slices().matching("dev.parley.domain.(*)..").should().notDependOnEachOther()
                .ignoreDependency(DescribedPredicate.alwaysTrue(), JavaClass.Predicates.resideInAnyPackage(
                        "dev.parley.domain.support..", "dev.parley.domain.corpus..", "dev.parley.domain.protocols.."))
                .because("what domains share (the realiser's support, the corpus error, the protocol library) lives"
                        + " in its own package, so a domain can change without touching another")
                .check(CLASSES);
    }

    @Test
    void noPackagesOfTheProjectFormACycle() {
        slices().matching("dev.parley.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
