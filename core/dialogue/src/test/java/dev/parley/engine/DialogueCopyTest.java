package dev.parley.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DialogueCopyTest {

    @Test
    void aCopyHasTheSameStateAndBranchesIndependently() {
        Dialogue d = DialogueTest.miniDialogue(FixedExternalConditionResolver.always(true));
        d.perform("P", "Claim", Map.of("p", "cats are nice"), null);
        String before = DialogueJson.save(d);

        Dialogue c = d.copy();
        assertThat(DialogueJson.save(c)).isEqualTo(before);
        assertThat(c.legalMoveIds("O")).isEqualTo(d.legalMoveIds("O"));

        // the copy moves on; the original is untouched, byte for byte
        assertThat(c.perform("O", "Why", Map.of(), null).accepted()).isTrue();
        assertThat(c.perform("P", "Argue", Map.of("p", "cats are nice", "q", "they purr"), null).accepted()).isTrue();
        assertThat(DialogueJson.save(d)).isEqualTo(before);
        assertThat(d.legalMoveIds("O")).containsExactly("Why", "Concede");
        assertThat(d.history()).hasSize(1);

        // the original moves on differently; the copy keeps its own branch
        String copyState = DialogueJson.save(c);
        assertThat(d.perform("O", "Concede", Map.of("p", "cats are nice"), null).accepted()).isTrue();
        assertThat(DialogueJson.save(c)).isEqualTo(copyState);
        assertThat(c.history()).extracting(PerformedMove::moveId).containsExactly("Claim", "Why", "Argue");
    }

    @Test
    void aCopyPerformsExactlyAsAReplayFromTheStart() {
        Dialogue replayed = DialogueTest.miniDialogue(FixedExternalConditionResolver.always(true));
        Dialogue branched = DialogueTest.miniDialogue(FixedExternalConditionResolver.always(true));
        String[][] script = {{"P", "Claim", "p", "c"}, {"O", "Why", null, null}, {"P", "Argue", "q", "r"},
                {"O", "Concede", "p", "c"}};
        for (String[] step : script) {
            Map<String, String> reply = step[2] == null ? Map.of() : Map.of(step[2], step[3]);
            assertThat(replayed.perform(step[0], step[1], reply, null).accepted()).isTrue();
            branched = branched.copy();
            assertThat(branched.perform(step[0], step[1], reply, null).accepted()).isTrue();
            assertThat(DialogueJson.save(branched)).isEqualTo(DialogueJson.save(replayed));
            assertThat(branched.aif().nodes()).hasSameSizeAs(replayed.aif().nodes());
        }
        assertThat(branched.status()).isEqualTo(DialogueStatus.COMPLETE);
    }
}
