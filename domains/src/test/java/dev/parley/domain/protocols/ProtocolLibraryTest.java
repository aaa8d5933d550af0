package dev.parley.domain.protocols;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dgdl.Diagnostic;
import dev.parley.dgdl.Dialect;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolChecker;
import org.junit.jupiter.api.Test;

class ProtocolLibraryTest {

    @Test
    void listsAndLoadsEveryBundledProtocolWithoutErrors() {
        assertThat(ProtocolLibrary.names()).isSorted()
                .contains("crg", "dc", "debate", "deliberation", "h", "negotiation", "ppd");
        for (String name : ProtocolLibrary.names()) {
            assertThat(ProtocolChecker.check(ProtocolLibrary.load(name))).as(name)
                    .noneMatch(d -> d.severity() == Diagnostic.Severity.ERROR);
        }
        assertThat(ProtocolLibrary.entries()).filteredOn(e -> e.name().equals("negotiation")).singleElement()
                .satisfies(e -> assertThat(e.description()).isEqualTo("Negotiation: bilateral negotiation by "
                        + "alternating offers (propose, counter, accept, reject, withdraw)."));
        for (String name : ProtocolLibrary.names()) {
            Protocol p = ProtocolLibrary.load(name);
            assertThat(p.dialect()).isEqualTo(Dialect.DGEP2);
            // the standard Speaker/Listener/Target idiom is not a finding: a bundled protocol checks clean
            assertThat(ProtocolChecker.check(p)).as(name).isEmpty();
        }
        assertThat(ProtocolLibrary.load("PPD").id()).isEqualTo("PPD");
    }

    @Test
    void unknownNamesAreRejected() {
        assertThatThrownBy(() -> ProtocolLibrary.load("chess"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no bundled protocol chess (available: campsite, crg, dc, deal-or-no-deal, debate, debate-game, deliberation, ");
        assertThat(ProtocolLibrary.text("nope")).isEmpty();
        assertThat(ProtocolLibrary.text("../pom")).isEmpty();
    }

    @Test
    void descriptionsAreTheFirstSentenceOfTheLeadingComment() {
        assertThat(ProtocolLibrary.describe("/*\n * H: a system (Hamblin 1970, ch. 8), two players. More text.\n */"))
                .isEqualTo("H: a system (Hamblin 1970, ch. 8), two players.");
        assertThat(ProtocolLibrary.describe("game(id:G){\n /*\n Description: traders (Gemp et al. 2024). Alice opens.\n */"))
                .isEqualTo("traders (Gemp et al. 2024).");
        assertThat(ProtocolLibrary.describe("game(id:G){}")).isEmpty();
    }
}
