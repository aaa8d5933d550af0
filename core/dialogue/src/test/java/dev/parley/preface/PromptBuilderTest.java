package dev.parley.preface;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PromptBuilderTest {

    @Test
    void theWorkedExampleBecomesThePapersConcretePrompt() {
        Prompt p = PromptBuilder.build(Examples.dcrs(Examples.PAPER_WORKED), AnswerFormat.JSON_SCHEMA);
        // Snaith & Wells 3.3: "Our concrete scaffold therefore becomes We should take climate change seriously
        // because $response."
        assertThat(p.user()).isEqualTo("We should take climate change seriously because $response");
        assertThat(p.scaffold().responseVariable()).contains("q");
        assertThat(p.scaffold().bindings()).containsExactly(
                java.util.Map.entry("p", "We should take climate change seriously"));
        String[] lines = p.system().split("\n");
        // (1) topic and stance, (2) task and constraints, (3) knowledge and history, (4) answer only
        assertThat(lines[0]).isEqualTo("You are assisting a user in a dialogue on the topic of: Climate change is "
                + "something to be taken seriously. Their stance is: support.");
        assertThat(lines[1]).startsWith("Your job is to find a value for $response consistent with $knowledgebase."
                + " Use $context to help but don't repeat anything contained within it.");
        assertThat(lines[2]).startsWith("$knowledgebase = [\"Global average temperatures");
        assertThat(lines[3]).startsWith("$context = [{index: -1, speaker: Alice, move: assert");
        assertThat(lines[4]).isEqualTo("Return only a JSON object {\"response\": \"<the value for $response>\"}"
                + " without any extra text.");
    }

    @Test
    void figure2UsesItsOnlyVariableAsTheResponse() {
        Prompt p = PromptBuilder.build(Examples.dcrs(Examples.PAPER_FIGURE_2), AnswerFormat.TEXT);
        assertThat(p.user()).isEqualTo("We should take climate change seriously because $response");
        assertThat(p.scaffold().responseVariable()).contains("p");
        // no knowledge: the task refers to topic and stance alone; the text format asks for the bare response
        assertThat(p.system()).contains("consistent with the topic and their stance.")
                .doesNotContain("$knowledgebase =")
                .endsWith("Return only a response without any extra text.");
    }

    @Test
    void withoutAScaffoldTheOpenerIsUsedAndTheReplyTemplateBindsKnownVariables() {
        Prompt p = PromptBuilder.build(Examples.dcrs(Examples.DGEP_DISAGREE), AnswerFormat.JSON_SCHEMA);
        assertThat(p.user()).isEqualTo("I disagree with \"Britain should disarm\" because $response");
        assertThat(p.system()).contains("Write the value in this manner: calm.")
                .contains("Their stance is: oppose.");
    }

    @Test
    void withoutHistoryThereIsNoContextLine() {
        Dcrs d = DcrsReader.parse("""
                {"metadata": {"name": "dcrs", "version": "1.0"},
                 "topic": {"description": "Breakfast is the most important meal of the day", "stance": "support"},
                 "response": {"move_name": "assert", "opener": "I think that $p"}}""", "doc");
        Prompt p = PromptBuilder.build(d, AnswerFormat.JSON_SCHEMA);
        assertThat(p.user()).isEqualTo("I think that $response");
        assertThat(p.system()).doesNotContain("$context").doesNotContain("$knowledgebase =");
    }

    @Test
    void anUnbindableVariableIsAClearError() {
        Dcrs d = DcrsReader.parse("""
                {"metadata": {"name": "dcrs", "version": "1.0"},
                 "topic": {"description": "Tax", "stance": "support"},
                 "response": {"move_name": "argue", "scaffold": "$p because $q"}}""", "doc");
        assertThatThrownBy(() -> PromptBuilder.build(d, AnswerFormat.TEXT))
                .isInstanceOf(DcrsException.class)
                .hasMessageContaining("scaffold variable $p of '$p because $q' has no value");
    }

    @Test
    void theFilledMoveIsADgepReplyObject() {
        Dcrs d = Examples.dcrs(Examples.DGEP_DISAGREE);
        Prompt p = PromptBuilder.build(d, AnswerFormat.JSON_SCHEMA);
        FilledMove m = FilledMove.of(d, p.scaffold(), "deterrence has kept the peace", "carol", "test");
        assertThat(m.text()).isEqualTo("I disagree with \"Britain should disarm\" because deterrence has kept the peace");
        assertThat(m.reply().speaker()).isEqualTo("carol");
        assertThat(m.reply().target()).isEqualTo("Bob"); // the last utterance by someone else
        assertThat(m.reply().reply()).containsExactly(
                java.util.Map.entry("p", "Britain should disarm"),
                java.util.Map.entry("q", "deterrence has kept the peace"));
        assertThat(DcrsReader.MAPPER.valueToTree(m.reply()).toString()).isEqualTo(
                "{\"speaker\":\"carol\",\"target\":\"Bob\",\"reply\":{\"p\":\"Britain should disarm\","
                        + "\"q\":\"deterrence has kept the peace\"}}");
    }
}
