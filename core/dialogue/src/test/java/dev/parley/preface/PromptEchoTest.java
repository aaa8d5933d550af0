package dev.parley.preface;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Echoes of the prompt, as SmolLM2 135M wrote them when served (docs/evidence/real-model/raw/serve-debate-calls.jsonl), are
 * found; a message that quotes the dialogue's material or merely shares a few words with the instructions is not.
 */
class PromptEchoTest {

    private static final String DEBATE_SCHEMA = "{\"type\":\"object\",\"properties\":{\"p\":{\"type\":\"string\","
            + "\"minLength\":1,\"description\":\"the point asserted, as a clause\"},\"text\":{\"type\":\"string\"}},"
            + "\"required\":[\"p\",\"text\"],\"additionalProperties\":false}";
    private static final String RETRY_REASON = "the answer is not valid JSON (Unexpected end-of-input: was expecting"
            + " closing quote for a string value); answer with one JSON object";

    @Test
    void theRefusalReasonSaidBackIsAnEcho() {
        String words = "The answer is not valid JSON (Unexpected end-of-input: was expecting closing quote for a"
                + " string value), answer with one JSON object,";
        assertThat(PromptEcho.find(words, List.of(DEBATE_SCHEMA, RETRY_REASON)))
                .contains("the answer is not valid json unexpected end of input was expecting closing quote for a"
                        + " string value answer with one json object");
    }

    @Test
    void theSchemasDescriptionOfAFieldIsAnEcho() {
        assertThat(PromptEcho.find("The point asserted, as a clause.", List.of(DEBATE_SCHEMA)))
                .contains("the point asserted as a clause");
        // inside a longer answer too
        assertThat(PromptEcho.find("Well, I think the point asserted, as a clause, is mine to make today.",
                List.of(DEBATE_SCHEMA))).contains("the point asserted as a clause");
    }

    @Test
    void aShortAnswerWhollyCopiedFromTheInstructionsIsAnEcho() {
        assertThat(PromptEcho.find("Answer again, differently.", List.of(". Answer again, differently. ")))
                .contains("answer again differently");
    }

    @Test
    void whatARefusalQuotesOfTheModelsOwnWordsDoesNotCount() {
        // SmolLM2 at seed 1: its claim was refused for its words, and its retry said the proposition again; that is
        // a claim of its own, not the instructions said back
        String reason = "the words do not state the claim (\"the matter of the most important meal of the day is"
                + " breakfast\")";
        String words = "The matter of the most important meal of the day is Breakfast";
        assertThat(PromptEcho.find(words, List.of(reason))).isPresent();
        assertThat(PromptEcho.find(words, List.of(PromptEcho.withoutQuotes(reason)))).isEmpty();
        assertThat(PromptEcho.withoutQuotes("the debate has no move 'x'; the argument's point ('y') is empty"))
                .isEqualTo("the debate has no move  ; the argument's point ( ) is empty");
        // the reason's own words still count
        assertThat(PromptEcho.find("The words do not state the claim at all.",
                List.of(PromptEcho.withoutQuotes(reason)))).contains("the words do not state the claim");
    }

    @Test
    void wordsOfTheirOwnAreNotAnEcho() {
        List<String> texts = MovePrompt.instructionTexts(Examples.dcrs(Examples.DGEP_DISAGREE), DEBATE_SCHEMA);
        assertThat(PromptEcho.find("I will give you 1 apple for a banana.", texts)).isEmpty();
        assertThat(PromptEcho.find("Deal: you give me 2 kiwis, and I give you 1 apple.", texts)).isEmpty();
        // five words in common with the instructions are not enough
        assertThat(PromptEcho.find("In my own voice, let me say that I disagree entirely.", texts)).isEmpty();
        // two words are never an echo, whatever they repeat
        assertThat(PromptEcho.find("Answer again.", texts)).isEmpty();
        assertThat(PromptEcho.find("", texts)).isEmpty();
    }

    @Test
    void theInstructionTextsHoldTheFixedSentencesTheSchemaAndTheGuidanceButNotTheDialogue() {
        Dcrs dcrs = Examples.dcrs(Examples.DGEP_DISAGREE);
        MovePrompt prompt = MovePrompt.build(dcrs, "", DEBATE_SCHEMA);
        List<String> texts = MovePrompt.instructionTexts(dcrs, DEBATE_SCHEMA);
        // every instruction text is in the prompt as the model saw it (nothing invented)
        String shown = prompt.system() + "\n" + prompt.user() + "\n" + MovePrompt.retry("x", DEBATE_SCHEMA);
        for (String t : texts) {
            assertThat(shown).contains(t.strip());
        }
        // the dialogue's material may be quoted: the topic and what was said are not instruction texts
        String topic = dcrs.topic().description().strip().replaceAll("[.\\s]+$", "");
        assertThat(PromptEcho.find(topic, texts)).as(topic).isEmpty();
        dcrs.knowledge().content().forEach(k -> assertThat(PromptEcho.find(k, texts)).as(k).isEmpty());
        dcrs.history().utterances().forEach(u -> assertThat(PromptEcho.find(u.content(), texts)).as(u.content())
                .isEmpty());
    }
}
