package dev.parley.domain.campsite;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class CampsiteConformanceTest extends DomainConformance {

    CampsiteConformanceTest() {
        super(Campsite.domain(),
                List.of("mine:", "yours:", "terms", "walkaway", "prosocial", "proself", "non-strategic", "none",
                        "priority"),
                List.<String[]>of(new String[] {"package", "packages"}));
    }
}
