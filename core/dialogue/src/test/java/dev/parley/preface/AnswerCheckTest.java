package dev.parley.preface;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnswerCheckTest {

    private final Dcrs dcrs = Examples.dcrs(Examples.PAPER_WORKED);
    private final Prompt prompt = PromptBuilder.build(dcrs, AnswerFormat.JSON_SCHEMA);
    private final AnswerVerifier verifier = new AnswerVerifier(80);

    @Test
    void structuredAnswersAreParsed() {
        assertThat(AnswerParser.parse("{\"response\": \" sea levels are rising \"}", AnswerFormat.JSON_SCHEMA)
                .value()).contains("sea levels are rising");
        assertThat(AnswerParser.parse("```json\n{\"response\": \"x\"}\n```", AnswerFormat.JSON_SCHEMA).value())
                .contains("x");
        assertThat(AnswerParser.parse("sea levels are rising", AnswerFormat.JSON_SCHEMA).reason())
                .hasValueSatisfying(r -> assertThat(r).startsWith("the answer is not JSON"));
        assertThat(AnswerParser.parse("{\"answer\": \"x\"}", AnswerFormat.JSON_SCHEMA).reason())
                .contains("the answer has no string field \"response\"; expected {\"response\": \"...\"}");
        assertThat(AnswerParser.parse("\"quoted\"", AnswerFormat.TEXT).value()).contains("quoted");
    }

    @Test
    void aGoodAnswerIsAccepted() {
        assertThat(verifier.check("sea levels are rising and threaten our cities", prompt, dcrs).value())
                .contains("sea levels are rising and threaten our cities");
    }

    @Test
    void badAnswersAreRejectedWithTheirReason() {
        assertThat(reason("   ")).isEqualTo("the answer is empty");
        assertThat(reason("x".repeat(81))).isEqualTo("the answer has 81 characters; at most 80 are allowed");
        assertThat(reason("because of $q")).startsWith("the answer still contains the placeholder $q");
        assertThat(reason("We should take climate change seriously because $response"))
                .startsWith("the answer still contains the placeholder $response");
        assertThat(reason("We should take climate change seriously because it is warming"))
                .startsWith("the answer repeats the scaffold text before $response");
        assertThat(reason("we should take climate change seriously because"))
                .startsWith("the answer repeats the scaffold; give only the value");
        assertThat(reason("we should take climate change seriously."))
                .startsWith("the answer only restates \"We should take climate change seriously\"");
        assertThat(reason("it costs 5$ a tonne")).startsWith("the answer contains a '$' sign");
        Dcrs other = DcrsReader.parse(Examples.text(Examples.PAPER_WORKED).replace(
                "We should take climate change seriously\" }",
                "Emissions keep rising year after year\" }"), "doc");
        Prompt p2 = PromptBuilder.build(other, AnswerFormat.JSON_SCHEMA);
        assertThat(verifier.check("I note that emissions keep rising year after year", p2, other).reason())
                .hasValueSatisfying(r -> assertThat(r).startsWith("the answer repeats the context (utterance -1"));
    }

    private String reason(String answer) {
        return verifier.check(answer, prompt, dcrs).reason().orElseThrow();
    }
}
