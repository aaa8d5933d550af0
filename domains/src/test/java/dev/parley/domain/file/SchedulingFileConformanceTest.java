package dev.parley.domain.file;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class SchedulingFileConformanceTest extends DomainConformance {

    SchedulingFileConformanceTest() {
        super(FileDomains.load(ExampleDomains.file("scheduling.yaml")).domain(),
                List.of("day:", "prefer-other", "busy:", "reason", "content.", "my.", "abbrev"), List.of());
    }
}
