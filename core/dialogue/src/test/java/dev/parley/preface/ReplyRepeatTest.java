package dev.parley.preface;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reply that only says the other side's words again, as SmolLM2 135M's Bob did in the debate
 * (docs/real-model/measurements.md), is found; a reply of its own that quotes them, or a short formula both sides
 * may say, is not.
 */
class ReplyRepeatTest {

    private static final String ALICE = "The truth of the matter lies in the nature of what is seen";

    @Test
    void bobSayingAlicesSentenceAgainIsARepeat() {
        assertThat(ReplyRepeat.find(ALICE, List.of(ALICE))).contains(ALICE.toLowerCase());
        // with its punctuation and case changed, as the model wrote it the second time
        assertThat(ReplyRepeat.find("the truth of the matter lies in the nature of what is seen,", List.of(ALICE)))
                .isPresent();
    }

    @Test
    void aPartOfALongerMessageSaidAgainIsARepeat() {
        String alice = "The majority of Americans believe that alcohol is a health problem. The majority of them"
                + " also believe that it's a moral problem.";
        assertThat(ReplyRepeat.find("The majority of them also believe that it's a moral problem.", List.of(alice)))
                .isPresent();
    }

    @Test
    void anyOfTheOtherSidesMessagesCounts() {
        assertThat(ReplyRepeat.find(ALICE, List.of("Breakfast matters.", ALICE, "Why?"))).isPresent();
    }

    @Test
    void aWordOfOnesOwnMakesAReply() {
        assertThat(ReplyRepeat.find("No, the truth of the matter lies in the nature of what is seen", List.of(ALICE)))
                .isEmpty();
        assertThat(ReplyRepeat.find("I agree that the truth of the matter lies in what is seen", List.of(ALICE)))
                .isEmpty();
    }

    @Test
    void shortFormulasBothSidesMaySayAreNoRepeat() {
        assertThat(ReplyRepeat.find("I reject that offer.", List.of("I reject that offer."))).isEmpty();
        assertThat(ReplyRepeat.find("Why is that so?", List.of("Why is that so?"))).isEmpty();
    }

    @Test
    void wordsSharedOutOfOrderAreNoRepeat() {
        assertThat(ReplyRepeat.find("What is seen lies in the nature of the truth of the matter", List.of(ALICE)))
                .isEmpty();
        assertThat(ReplyRepeat.find(ALICE, List.of())).isEmpty();
    }
}
