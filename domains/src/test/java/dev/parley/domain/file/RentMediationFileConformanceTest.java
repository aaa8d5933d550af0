package dev.parley.domain.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The three-party game, written only as a file, keeps the contract every domain keeps. */
class RentMediationFileConformanceTest extends DomainConformance {

    RentMediationFileConformanceTest() {
        super(FileDomains.load(ExampleDomains.file("rent-mediation.yaml")).domain(),
                List.of("terms", "tenant_", "landlord_", "content.", "my.", "rent:"), List.of());
    }

    @Test
    void itHasThreePlayers() {
        assertThat(domain().protocolPlayers()).containsExactly("Mediator", "Tenant", "Landlord");
        assertThat(domain().scenarios(3, 1)).allSatisfy(s -> assertThat(s.players()).hasSize(3));
    }
}
