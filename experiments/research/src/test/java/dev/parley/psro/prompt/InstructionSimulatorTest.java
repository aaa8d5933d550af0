package dev.parley.psro.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.psro.Evaluation;
import java.util.List;
import org.junit.jupiter.api.Test;

class InstructionSimulatorTest {

    /**
     * Fruit trading, 4 scenarios x 3 playouts: the mean and standard error of the 12 dialogues, pinned to the last bit
     * (the values of the inline Welford loop before RunningMoments).
     */
    @Test
    void estimatesArePinnedToTheBit() {
        Domain d = FruitTrading.domain();
        InstructionSimulator sim = new InstructionSimulator(d, d.scenarios(4, 5), new OfflineMoveGenerator(d.content()),
                RewardModel.exact(d), DialogueGame.Settings.of(6, 1), 3, 5, null);
        Instruction calm = d.instructions().get(0);
        Instruction any = d.instructions().get(3);
        assertThat(List.of(calm.name(), any.name())).containsExactly("calm", "any");

        Evaluation same = sim.evaluate(List.of(calm, calm));
        assertThat(same.means()).containsExactly(1.75, 6.750000000000001);
        assertThat(same.standardErrors()).containsExactly(0.538305421923955, 2.060174308600654);
        assertThat(same.samples()).isEqualTo(12);

        Evaluation mixed = sim.evaluate(List.of(calm, any));
        assertThat(mixed.means()).containsExactly(2.25, 7.0);
        assertThat(mixed.standardErrors()).containsExactly(0.44594129250792236, 1.9886038958388508);
        assertThat(mixed.samples()).isEqualTo(12);
    }
}
