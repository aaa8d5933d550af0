package dev.parley.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.GenerationException;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.MoveRequest;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.Rejection;
import dev.parley.dialogue.Utterance;
import dev.parley.dialogue.testkit.ForwardingMoveGenerator;
import dev.parley.domain.DialogueDomains;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A real model abandons moves (refused on every attempt: the dialogue ends with no message). The steering study
 * draws such a message again, counts what it gave up, and refuses a run with nothing left to classify.
 */
class SteeringStudyAbandonTest {

    private static final Domain FRUIT = DialogueDomains.find("fruit-trading").orElseThrow();
    private static final SteeringStudy.Config CONFIG = new SteeringStudy.Config(3, 3, 2, 7);

    /** The offline generator, but every {@code every}-th call is refused on every attempt. */
    private static MoveGenerator abandoning(int every) {
        AtomicInteger calls = new AtomicInteger();
        return new ForwardingMoveGenerator(new OfflineMoveGenerator(FRUIT.content()), "abandoning") {
            @Override
            public Utterance generate(MoveRequest request, long seed) {
                if (calls.incrementAndGet() % every == 0) {
                    throw new GenerationException("refused on every attempt",
                            List.of(new Rejection(Rejection.WORDS, "the words say nothing")));
                }
                return inner.generate(request, seed);
            }
        };
    }

    @Test
    void abandonedMessagesAreDrawnAgainAndCounted() {
        SteeringStudy.Drawn none = SteeringStudy.messages(FRUIT, abandoning(Integer.MAX_VALUE), CONFIG);
        assertThat(none.abandoned()).isZero();
        int labels = SteeringStudy.labels(FRUIT).size();
        assertThat(none.samples()).hasSize(labels * CONFIG.samples());

        SteeringStudy.Drawn some = SteeringStudy.messages(FRUIT, abandoning(2), CONFIG);
        assertThat(some.abandoned()).isPositive();
        assertThat(some.samples()).isNotEmpty().hasSizeLessThanOrEqualTo(labels * CONFIG.samples())
                .allSatisfy(s -> assertThat(s.text()).isNotBlank());
    }

    @Test
    void aRunWhoseEveryMessageIsAbandonedIsRefused() {
        InstructionClassifier first = new InstructionClassifier() {
            @Override
            public String name() {
                return "first";
            }

            @Override
            public int classify(String message, List<Instruction> labels) {
                return 0;
            }
        };
        assertThatThrownBy(() -> SteeringStudy.run(FRUIT, abandoning(1), first, CONFIG,
                new dev.parley.llm.BoundedExecutor(1), n -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("abandoned every message");
    }
}
