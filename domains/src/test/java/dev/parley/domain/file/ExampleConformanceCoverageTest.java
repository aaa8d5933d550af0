package dev.parley.domain.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every example domain file has its DomainConformance test: a new example without one fails here. */
class ExampleConformanceCoverageTest {

    static final Map<String, Class<?>> CONFORMANCE = Map.ofEntries(
            Map.entry("fruit-trading.yaml", FruitFileConformanceTest.class),
            Map.entry("scheduling.yaml", SchedulingFileConformanceTest.class),
            Map.entry("rent-mediation.yaml", RentMediationFileConformanceTest.class),
            Map.entry("salary-negotiation.yaml", SalaryFileConformanceTest.class),
            Map.entry("openspiel/trade-fruit-w-tone.yaml", OpenSpielTradeFruitConformanceTest.class),
            Map.entry("openspiel/schedule-meeting-w-tone.yaml", OpenSpielMeetingToneConformanceTest.class),
            Map.entry("openspiel/schedule-meeting-w-dow.yaml", OpenSpielMeetingDowConformanceTest.class),
            Map.entry("openspiel/trade-fruit.yaml", OpenSpielTradeFruitPlainConformanceTest.class),
            Map.entry("openspiel/schedule-meeting.yaml", OpenSpielMeetingPlainConformanceTest.class));

    @Test
    void everyExampleFileHasAConformanceTest() {
        assertThat(ExampleDomains.all().stream().map(p -> ExampleDomains.DIR.relativize(p).toString()
                .replace('\\', '/'))).containsExactlyInAnyOrderElementsOf(CONFORMANCE.keySet());
        CONFORMANCE.values().forEach(c -> assertThat(dev.parley.dialogue.testkit.DomainConformance.class)
                .isAssignableFrom(c));
    }
}
