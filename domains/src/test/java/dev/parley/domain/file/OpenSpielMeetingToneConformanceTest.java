package dev.parley.domain.file;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

/** An OpenSpiel chat-games config transcribed as a domain file keeps the domain contract:
 * {@code examples/domains/openspiel/schedule-meeting-w-tone.yaml}. */
class OpenSpielMeetingToneConformanceTest extends DomainConformance {

    OpenSpielMeetingToneConformanceTest() {
        super(FileDomains.load(ExampleDomains.file("openspiel/schedule-meeting-w-tone.yaml")).domain(),
                List.of("day:", "prefer-other", "busy:", "reason", "content.", "my.", "abbrev"), List.of());
    }
}
