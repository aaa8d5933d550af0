package dev.parley.domain.file;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

/** An OpenSpiel chat-games config transcribed as a domain file keeps the domain contract:
 * {@code examples/domains/openspiel/schedule-meeting.yaml}. */
class OpenSpielMeetingPlainConformanceTest extends DomainConformance {

    OpenSpielMeetingPlainConformanceTest() {
        super(FileDomains.load(ExampleDomains.file("openspiel/schedule-meeting.yaml")).domain(),
                List.of("day:", "prefer-other", "busy:", "reason", "content.", "my.", "abbrev"), List.of());
    }
}
