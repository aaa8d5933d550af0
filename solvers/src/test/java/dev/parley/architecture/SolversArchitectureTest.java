package dev.parley.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The layering rules of the solvers. The solvers work on games and trees, never on dialogues or models; the one
 * exception is prompt-space PSRO ({@code dev.parley.psro.prompt}), whose strategies are instructions played in
 * dialogue games, and which nothing else in solvers may use.
 */
class SolversArchitectureTest {

    private static final JavaClasses CLASSES = MainClasses.ofParley();

    private static final String[] SOLVER_CORE = {"dev.parley.cfr..", "dev.parley.mccfr..", "dev.parley.eval..",
        "dev.parley.nfg..", "dev.parley.solver.."};

    @Test
    void solversNeverImportDialogueOrModelCode() {
        noClasses().that().resideInAnyPackage(SOLVER_CORE).or().resideInAPackage("dev.parley.psro")
                .should().dependOnClassesThat().resideInAnyPackage("dev.parley.dialogue..", "dev.parley.llm..",
                        "dev.parley.preface..", "dev.parley.engine..", "dev.parley.dgdl..")
                .check(CLASSES);
    }

    @Test
    void onlyPromptSpacePsroIsAboutDialogues() {
        noClasses().that().resideInAnyPackage(SOLVER_CORE).or().resideInAPackage("dev.parley.psro")
                .should().dependOnClassesThat().resideInAPackage("dev.parley.psro.prompt..")
                .check(CLASSES);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("dev.parley.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
