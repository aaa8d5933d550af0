package dev.parley.iccma;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Extension;
import dev.parley.argument.Semantics;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parley's solver against clingo on Parley's own ASP encodings: every extension of every framework of the generated
 * suite (random and structured) under complete, grounded, preferred and stable semantics must be the same set of
 * sets. Needs {@code clingo} (Debian: {@code apt-get install gringo}); skipped without it, required when
 * {@code -Dparley.require.process=true}.
 */
@Tag("process")
class ClingoAgreementTest {

    private static final Map<String, Semantics> SEMANTICS = Map.of("CO", Semantics.COMPLETE, "GR",
            Semantics.GROUNDED, "PR", Semantics.PREFERRED, "ST", Semantics.STABLE);

    @BeforeAll
    static void needClingo() {
        boolean required = Boolean.getBoolean("parley.require.process");
        if (!Clingo.available()) {
            if (required) {
                throw new IllegalStateException("clingo is required (-Dparley.require.process=true) but does not run;"
                        + " install it with: apt-get install gringo");
            }
            Assumptions.abort("clingo is not installed (apt-get install gringo); the agreement with clingo is not"
                    + " checked");
        }
    }

    @Test
    void everyExtensionAgreesOnTheGeneratedSuite(@TempDir Path dir) throws Exception {
        Clingo clingo = Clingo.in(dir);
        List<GeneratedFrameworks.Named> suite = GeneratedFrameworks.suite(12, 2);
        int compared = 0;
        int i = 0;
        for (GeneratedFrameworks.Named instance : suite) {
            Path facts = clingo.facts(instance.framework(), "f" + i++);
            for (Map.Entry<String, Semantics> s : SEMANTICS.entrySet()) {
                Set<Set<String>> theirs = clingo.extensions(s.getKey(), facts).extensions();
                Set<Set<String>> ours = sets(instance.framework(), s.getValue());
                assertThat(ours).as("%s under %s", instance, s.getKey()).isEqualTo(theirs);
                compared++;
            }
        }
        assertThat(compared).isEqualTo(suite.size() * 4);
    }

    @Test
    void theSuiteHasTheShapesThatMatter() {
        List<GeneratedFrameworks.Named> suite = GeneratedFrameworks.suite(12, 2);
        // without these the agreement would be weaker than it looks
        assertThat(suite).anyMatch(f -> f.framework().stableExtensions().isEmpty());
        assertThat(suite).anyMatch(f -> f.framework().preferredExtensions().size() >= 32);
        assertThat(suite).anyMatch(f -> f.framework().completeExtensions().size() > f.framework()
                .preferredExtensions().size() + 1);
    }

    private static Set<Set<String>> sets(ArgumentationFramework af, Semantics s) {
        Set<Set<String>> r = new HashSet<>();
        for (Extension e : af.extensions(s)) {
            r.add(e.arguments().stream().collect(Collectors.toSet()));
        }
        return r;
    }
}
