package dev.parley.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class HumanSteeringStudyTest {

    private static HumanSteeringStudy.Item item(List<String> gold, String read) {
        return new HumanSteeringStudy.Item(1, 1, "x", gold, read, 0, read, read);
    }

    @Test
    void aReadingIsRightWhenItIsAnyOfTheLabelsAndMacroF1AveragesThePresentClasses() {
        List<String> classes = List.of("a", "b", "c");
        List<HumanSteeringStudy.Item> items = List.of(
                item(List.of("a"), "a"),
                item(List.of("a", "b"), "b"), // right: b is one of its labels
                item(List.of("b"), "a"),
                item(List.of("a"), "a"));
        HumanSteeringStudy.Scores s = HumanSteeringStudy.scores(items, classes, HumanSteeringStudy.Item::tracker);
        assertThat(s.accuracy().successes()).isEqualTo(3);
        // gold rows: a -> [2 0 0], b -> [1 1 0]; c is absent and left out of the mean
        assertThat(s.confusion()).isDeepEqualTo(new int[][] {{2, 0, 0}, {1, 1, 0}, {0, 0, 0}});
        // F1(a) = 2*2/(2+3) = 0.8; F1(b) = 2*1/(2+1) = 0.667
        assertThat(s.macroF1()).isCloseTo((0.8 + 2.0 / 3) / 2, within(1e-12));
    }
}
