package dev.parley.domain.debate;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class DebateConformanceTest extends DomainConformance {

    @Override
    protected Domain domain() {
        return Debate.domain();
    }

    @Override
    protected List<String> forbiddenInWords() {
        return List.of("argue (", "claim that well", "logos", "pathos", "ethos", "premise", "ref:", "target:",
                "rebuttal:", "summary", "plan:");
    }
}
