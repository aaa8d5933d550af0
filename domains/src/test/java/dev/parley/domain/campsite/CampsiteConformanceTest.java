package dev.parley.domain.campsite;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class CampsiteConformanceTest extends DomainConformance {

    @Override
    protected Domain domain() {
        return Campsite.domain();
    }

    @Override
    protected List<String> forbiddenInWords() {
        return List.of("mine:", "yours:", "terms", "walkaway", "prosocial", "proself", "non-strategic", "none",
                "priority");
    }

    @Override
    protected List<String[]> nouns() {
        return List.<String[]>of(new String[] {"package", "packages"});
    }
}
