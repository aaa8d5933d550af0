package dev.parley.domain.scheduling;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class MeetingSchedulingConformanceTest extends DomainConformance {

    MeetingSchedulingConformanceTest() {
        super(MeetingScheduling.domain(),
                List.of("propose meeting", "day:", "prefer-other", "busy:", "reason", "insist-on", "plan:",
                        "summary"),
                List.of());
    }
}
