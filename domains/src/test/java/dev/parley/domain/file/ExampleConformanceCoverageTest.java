package dev.parley.domain.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every example domain file has its DomainConformance test: a new example without one fails here. */
class ExampleConformanceCoverageTest {

    static final Map<String, Class<?>> CONFORMANCE = Map.of(
            "fruit-trading.yaml", FruitFileConformanceTest.class,
            "scheduling.yaml", SchedulingFileConformanceTest.class,
            "rent-mediation.yaml", RentMediationFileConformanceTest.class,
            "salary-negotiation.yaml", SalaryFileConformanceTest.class,
            "openspiel/trade-fruit-w-tone.yaml", OpenSpielTradeFruitConformanceTest.class,
            "openspiel/schedule-meeting-w-tone.yaml", OpenSpielMeetingToneConformanceTest.class,
            "openspiel/schedule-meeting-w-dow.yaml", OpenSpielMeetingDowConformanceTest.class);

    @Test
    void everyExampleFileHasAConformanceTest() {
        assertThat(ExampleDomains.all().stream().map(p -> ExampleDomains.DIR.relativize(p).toString()
                .replace('\\', '/'))).containsExactlyInAnyOrderElementsOf(CONFORMANCE.keySet());
        CONFORMANCE.values().forEach(c -> assertThat(dev.parley.dialogue.testkit.DomainConformance.class)
                .isAssignableFrom(c));
    }
}
