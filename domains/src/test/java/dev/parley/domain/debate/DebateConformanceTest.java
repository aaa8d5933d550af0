package dev.parley.domain.debate;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class DebateConformanceTest extends DomainConformance {

    DebateConformanceTest() {
        super(Debate.domain(),
                List.of("argue (", "claim that well", "logos", "pathos", "ethos", "premise", "ref:", "target:",
                        "rebuttal:", "summary", "plan:"),
                List.of());
    }
}
