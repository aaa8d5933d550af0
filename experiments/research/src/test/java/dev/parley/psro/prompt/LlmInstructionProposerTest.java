package dev.parley.psro.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Instruction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LlmInstructionProposerTest {

    private static final Instruction ANGRY = new Instruction("angry", "Respond in an angry tone.");
    private static final Map<String, Instruction> LEXICON = Map.of("angry", ANGRY);

    @Test
    void parsesOneInstructionPerLineAndDropsRepeatsHeadingsAndSentences() {
        String answer = """
                Here are new instructions:
                1. Angry: be cross!
                2) **Witty**: Use wit and humour.
                - calm: Stay calm.
                * witty: again
                • Gently persuasive
                any: no guidance
                This line is a whole sentence without any colon at all

                3. Over-the-top: Exaggerate everything.
                """;
        List<Instruction> parsed = LlmInstructionProposer.parse(answer,
                List.of(new Instruction("calm", "Respond calmly.")), LEXICON);
        assertThat(parsed).extracting(Instruction::name)
                .containsExactly("angry", "witty", "gently-persuasive", "over-the-top");
        assertThat(parsed.get(0)).as("a lexicon name takes the lexicon's entry").isEqualTo(ANGRY);
        assertThat(parsed.get(1).guidance()).isEqualTo("Use wit and humour.");
        assertThat(parsed.get(2).guidance()).isEqualTo("Respond in a gently persuasive manner.");
    }

    @Test
    void normalisesNames() {
        assertThat(LlmInstructionProposer.normalise("  Très Poli! ")).isEqualTo("très-poli");
        assertThat(LlmInstructionProposer.normalise("***")).isEmpty();
        assertThat(LlmInstructionProposer.normalise("a".repeat(60))).hasSize(40);
        assertThat(LlmInstructionProposer.parse(null, List.of(), LEXICON)).isEmpty();
        assertThat(LlmInstructionProposer.parse("", List.of(), LEXICON)).isEmpty();
    }
}
