package dev.parley.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;

/**
 * Parley's main classes on the class path, for the layering rules (the {@code ArchitectureTest} of each module):
 * test classes are left out, whether a module's tests come as a directory or as a test-jar.
 */
public final class MainClasses {

    private MainClasses() {
    }

    /** Excludes test-jars ({@code *-tests.jar}), which {@link ImportOption.DoNotIncludeTests} does not recognise. */
    static final class NoTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar");
        }
    }

    /** Every main class in {@code dev.parley} this module can see: its own and those of the modules it uses. */
    public static JavaClasses ofParley() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(new NoTestJars())
                .importPackages("dev.parley");
    }
}
