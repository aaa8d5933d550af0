package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.error.InvalidSettingException;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The judge is a typed value from the command line to the report: its label is what it is, never guessed. */
class JudgeTest {

    /** A model that is never asked: making a reward model calls nothing. */
    private static final ChatBackend SILENT = new ChatBackend() {
        @Override
        public ChatAnswer complete(ChatCall call) {
            throw new AssertionError("no call expected");
        }

        @Override
        public String provider() {
            return "test";
        }

        @Override
        public String model() {
            return "silent";
        }

        @Override
        public Map<String, Object> parameters() {
            return Map.of();
        }
    };

    @Test
    void eachNameGivesItsJudgeAndLabel() {
        assertThat(Judge.of("exact", false, false)).isEqualTo(Judge.EXACT);
        assertThat(Judge.of("llm", false, true)).isEqualTo(new Judge.PerPlayer(true));
        assertThat(Judge.of("llm-joint", false, false)).isEqualTo(new Judge.Joint(false));
        for (String name : Judge.NAMES) {
            assertThat(Judge.of(name, false, false).label()).isEqualTo(name);
        }
        // the default: the exact scorer offline, the per-player judge with a model
        assertThat(Judge.of(null, true, false)).isEqualTo(Judge.EXACT);
        assertThat(Judge.of(null, false, false)).isEqualTo(new Judge.PerPlayer(false));
    }

    @Test
    void anUnknownJudgeIsARefusedSettingNamingTheField() {
        assertThatThrownBy(() -> Judge.of("llm-jiont", false, false))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.field()).isEqualTo("judge");
                    assertThat(e.getMessage()).doesNotContain("--")
                            .isEqualTo("judge must be exact, llm or llm-joint, got 'llm-jiont'");
                });
    }

    @Test
    void theJointJudgeMakesAJointRewardModel() {
        Domain d = DialogueDomains.find("fruit-trading").orElseThrow();
        assertThat(Judge.EXACT.rewardModel(d, null, 1).backend()).startsWith("exact:");
        assertThat(new Judge.PerPlayer(false).rewardModel(d, SILENT, 1).backend()).startsWith("llm-judge:");
        assertThat(new Judge.Joint(false).rewardModel(d, SILENT, 1).backend()).startsWith("llm-judge-joint:");
    }
}
