package dev.parley.study;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.domain.DialogueDomains;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * One place of the game (scenario and prefix) gives one message under an instruction, so the steering study never
 * draws a place twice for one instruction: a repeat would count one message twice and narrow the interval for
 * nothing. What a small game cannot give is counted, not filled with repeats.
 */
class SteeringStudyPlacesTest {

    private static final Domain FRUIT = DialogueDomains.find("fruit-trading").orElseThrow();

    @Test
    void aGameWithTwoPlacesGivesTwoMessagesPerInstructionAndCountsTheRest() {
        // one message at most: the message is always the opening, so the only places are the two scenarios
        SteeringStudy.Drawn d = SteeringStudy.messages(FRUIT, new OfflineMoveGenerator(FRUIT.content()),
                new SteeringStudy.Config(5, 1, 2, 7));
        int labels = SteeringStudy.labels(FRUIT).size();
        assertThat(d.samples()).hasSize(2 * labels);
        assertThat(d.exhausted()).isEqualTo(3 * labels);
        assertThat(d.abandoned()).isZero();
        for (int l = 0; l < labels; l++) {
            int label = l;
            List<String> scenarios = d.samples().stream().filter(s -> s.truth() == label)
                    .map(SteeringStudy.Sample::scenario).collect(Collectors.toList());
            assertThat(scenarios).as("label " + l).doesNotHaveDuplicates().hasSize(2);
        }
    }

    @Test
    void aLargerGameGivesEverySampleAtItsOwnPlace() {
        SteeringStudy.Drawn d = SteeringStudy.messages(FRUIT, new OfflineMoveGenerator(FRUIT.content()),
                new SteeringStudy.Config(10, 3, 4, 7));
        assertThat(d.exhausted()).isZero();
        assertThat(d.samples()).hasSize(10 * SteeringStudy.labels(FRUIT).size());
    }
}
