package dev.parley.domain.scheduling;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class MeetingSchedulingConformanceTest extends DomainConformance {

    @Override
    protected Domain domain() {
        return MeetingScheduling.domain();
    }

    @Override
    protected List<String> forbiddenInWords() {
        return List.of("propose meeting", "day:", "prefer-other", "busy:", "reason", "insist-on", "plan:",
                "summary");
    }
}
