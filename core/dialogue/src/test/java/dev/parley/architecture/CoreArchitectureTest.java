package dev.parley.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * The layering rules of core. A broken rule fails with every offending dependency named, class and line.
 * Maven already keeps the provider libraries off core's class path; these rules also catch what the JDK itself
 * offers (JDBC) and a provider's package re-created inside core.
 */
class CoreArchitectureTest {

    private static final JavaClasses CORE = MainClasses.ofParley();

    @Test
    void coreNamesNoProvider() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                        "dev.parley.llm.openai..", "dev.parley.llm.cache.sql..", "dev.parley.llm.llamacpp..",
                        "dev.langchain4j..", "de.kherud..", "java.sql..", "org.sqlite..", "org.postgresql..")
                .because("core holds the ports; adapters live in core/providers and are found by ServiceLoader")
                .check(CORE);
    }

    @Test
    void corePackagesFormNoCycle() {
        slices().matching("dev.parley.(**)").should().beFreeOfCycles().check(CORE);
    }
}
