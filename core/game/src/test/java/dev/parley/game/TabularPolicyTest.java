package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TabularPolicyTest {

    private static final GameTree TREE = GameTree.compile(new TinyGame(false));

    @Test
    void uniformPolicyCoversEveryInfoset() {
        TabularPolicy uniform = TabularPolicy.uniform(TREE);
        assertThat(uniform.rows()).hasSize(TREE.numInfosets());
        assertThat(uniform.toSlots(TREE)).containsOnly(0.5);
        assertThat(uniform.actionProbabilities("p1:a0", new int[] {0, 1})).containsExactly(0.5, 0.5);
    }

    @Test
    void jsonRoundTripIsExact(@TempDir Path dir) throws Exception {
        double[] slots = {0.1, 0.9, 1.0 / 3, 2.0 / 3, 0.25, 0.75, 1.0, 0.0};
        TabularPolicy policy = TabularPolicy.fromSlots(TREE, slots);
        assertThat(TabularPolicy.fromJson(policy.toJson())).isEqualTo(policy);
        Path file = dir.resolve("p.json");
        policy.write(file);
        assertThat(TabularPolicy.read(file)).isEqualTo(policy);
        assertThat(policy.toSlots(TREE)).containsExactly(slots);
    }

    @Test
    void fromSlotsNormalisesAndFallsBackToUniform() {
        double[] slots = {2, 6, 0, 0, 1, 1, 1, 3};
        double[] normalised = TabularPolicy.fromSlots(TREE, slots).toSlots(TREE);
        assertThat(normalised).containsExactly(0.25, 0.75, 0.5, 0.5, 0.5, 0.5, 0.25, 0.75);
    }

    @Test
    void unknownInfosetsArePlayedUniformlyButUnknownActionsAreErrors() {
        TabularPolicy policy = TabularPolicy.uniform(TREE);
        assertThat(policy.actionProbabilities("nowhere", new int[] {3, 4, 5}))
                .containsExactly(1.0 / 3, 1.0 / 3, 1.0 / 3);
        assertThatThrownBy(() -> policy.actionProbabilities("p1:a0", new int[] {0, 7}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("action 7");
    }

    @Test
    void malformedJsonIsReportedWithPosition() {
        assertThatThrownBy(() -> TabularPolicy.fromJson("{\"infosets\": [ {\"key\": 1 ]}"))
                .isInstanceOf(PolicyFormatException.class).hasMessageContaining("line 1");
        assertThatThrownBy(() -> TabularPolicy.fromJson("{\"infosets\": [{\"key\": \"k\", \"actions\": [0],"
                + " \"probabilities\": [-1]}]}"))
                .isInstanceOf(PolicyFormatException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> TabularPolicy.fromJson("[]")).isInstanceOf(PolicyFormatException.class);
    }
}
