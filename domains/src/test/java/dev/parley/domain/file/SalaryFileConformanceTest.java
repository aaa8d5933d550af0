package dev.parley.domain.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Scenario;
import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The multi-issue salary negotiation, written only as a file, keeps the domain contract; its payoff is checked. */
class SalaryFileConformanceTest extends DomainConformance {

    SalaryFileConformanceTest() {
        super(FileDomains.load(ExampleDomains.file("salary-negotiation.yaml")).domain(),
                List.of("terms", "walk_away", "content.", "my.", "salary:"),
                List.of(new String[] {"week", "weeks"}, new String[] {"day", "days"}));
    }

    /**
     * The default scenario's weights (Employer 8, 3, 5; Candidate 6, 2, 9) and walk-away values (3, 4), by hand: at
     * 70 thousand, a start in 2 weeks and 3 remote days the Employer scores salary 5, start 20/3, remote 4, so
     * (8*5 + 3*20/3 + 5*4) / 16 = 80/16 = 5; the Candidate 5, 10/3, 6, so (30 + 20/3 + 54) / 17.
     */
    @Test
    void theDefaultScenariosPayoffsByHand() {
        Domain d = domain();
        Scenario s = d.scenarios(1, 1).get(0);
        Map<String, Object> terms = Map.of("salary", 70, "start", 2, "remote", 3);
        List<Message> deal = List.of(new Message(0, "offer", Map.of("terms", terms), "x"),
                new Message(1, "accept", Map.of("terms", terms), "x"));
        double[] v = d.scorer().score(s, deal);
        assertThat(v[0]).isEqualTo(80.0 / 16);
        assertThat(v[1]).isCloseTo((30 + 20.0 / 3 + 54) / 17, org.assertj.core.api.Assertions.within(1e-12));
        List<Message> walked = List.of(new Message(0, "offer", Map.of("terms", terms), "x"),
                new Message(1, "walk_away", Map.of(), "x"));
        assertThat(d.scorer().score(s, walked)).containsExactly(3.0, 4.0);
    }
}
