package dev.parley.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The layering rules of the solvers. Maven already compiles them against the game module alone (prompt-space PSRO,
 * which plays instructions in dialogue games, lives in the research module); these rules keep the class path honest
 * should a dependency be added to the module by mistake.
 */
class SolversArchitectureTest {

    private static final JavaClasses CLASSES = MainClasses.ofParley();

    @Test
    void solversSeeOnlyTheGameModel() {
        noClasses().that().resideInAnyPackage("dev.parley.cfr..", "dev.parley.mccfr..", "dev.parley.eval..",
                        "dev.parley.nfg..", "dev.parley.solver..", "dev.parley.psro..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.parley.dialogue..", "dev.parley.llm..",
                        "dev.parley.preface..", "dev.parley.engine..", "dev.parley.dgdl..", "dev.parley.aif..",
                        "dev.parley.argument..", "dev.parley.domain..")
                .check(CLASSES);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("dev.parley.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
