package dev.parley.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.preface.AnswerFormat;
import dev.parley.preface.AnswerVerifier;
import dev.parley.preface.Dcrs;
import dev.parley.preface.DcrsReader;
import dev.parley.preface.Examples;
import dev.parley.preface.PromptBuilder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OfflineRealiserTest {

    private final OfflineRealiser realiser = new OfflineRealiser();
    private final Dcrs worked = Examples.dcrs(Examples.PAPER_WORKED);

    @Test
    void everyInstructionGivesDifferentFittingWordsGroundedInTheKnowledge() {
        List<String> instructions = List.of("calm", "assertive", "submissive", "logos", "pathos", "ethos", "angry",
                "relaxed", "enthusiastic", "happy", "any");
        for (long seed = 0; seed < 5; seed++) {
            Set<String> texts = new HashSet<>();
            for (String instruction : instructions) {
                Generation g = realiser.generate(worked.withInstruction(instruction), seed);
                String response = g.move().response();
                InstructionLexicon lex = InstructionLexicon.of(instruction);
                // fitting: it opens with one of the instruction's openings and ends with one of its closings
                assertThat(lex.openings()).as(instruction + ": " + response).anyMatch(response::startsWith);
                assertThat(lex.closings()).as(instruction + ": " + response).anyMatch(response::endsWith);
                // grounded: it asserts at least one knowledge item
                assertThat(worked.knowledge().content()).as(response)
                        .anyMatch(k -> response.contains(OfflineRealiser.clause(k)));
                assertThat(g.move().text()).startsWith("We should take climate change seriously because ")
                        .doesNotContain("$");
                assertThat(g.backend()).isEqualTo(OfflineRealiser.BACKEND);
                texts.add(g.move().text());
            }
            assertThat(texts).as("seed " + seed).hasSize(instructions.size());
        }
    }

    @Test
    void theStylesUseTheirOwnRhetoric() {
        String logos = realiser.generate(worked.withInstruction("logos"), 3).move().response();
        String pathos = realiser.generate(worked.withInstruction("pathos"), 3).move().response();
        String ethos = realiser.generate(worked.withInstruction("ethos"), 3).move().response();
        assertThat(logos).containsAnyOf("evidence", "logically", "facts", "numbers");
        assertThat(pathos).containsAnyOf("people", "heartbreaking", "feels", "families", "move every one");
        assertThat(ethos).containsAnyOf("experts", "professional", "authorities", "studied", "trustworthy");
    }

    @Test
    void anUnknownInstructionStillChangesTheWords() {
        String jovial = realiser.generate(worked.withInstruction("jovial"), 1).move().response();
        String stern = realiser.generate(worked.withInstruction("stern"), 1).move().response();
        assertThat(jovial).contains("jovial").isNotEqualTo(stern);
        assertThat(stern).contains("stern");
        assertThat(realiser.generate(worked.withInstruction("be $very$ persuasive!"), 1).move().text())
                .doesNotContain("$").contains("be very persuasive");
    }

    @Test
    void theSameSeedGivesTheSameWordsAndSeedsVary() {
        Dcrs calm = worked.withInstruction("calm");
        assertThat(realiser.generate(calm, 11).move()).isEqualTo(realiser.generate(calm, 11).move());
        Set<String> bySeed = new HashSet<>();
        for (long s = 0; s < 20; s++) {
            bySeed.add(realiser.generate(calm, s).move().response());
        }
        assertThat(bySeed.size()).isGreaterThan(5);
    }

    @Test
    void noDollarSurvivesEvenFromKnowledgeOrTopic() {
        Dcrs d = DcrsReader.parse("""
                {"metadata": {"name": "dcrs", "version": "1.1"},
                 "history": {"utterances": [{"index": -1, "speaker": "Bob", "move_name": "offer",
                                             "content": "I offer $q for your apple"}]},
                 "topic": {"description": "Trading fruit for $5", "stance": "oppose"},
                 "response": {"move_name": "counter", "scaffold": "$p? No, because $q$", "instruction": "assertive"},
                 "knowledge": {"type": "values", "content": ["An apple is worth $10 to me", "$q is a variable",
                                                             "Kiwis cost $ 3.50 each."]}}""", "doc");
        List<String> out = new ArrayList<>();
        for (long s = 0; s < 30; s++) {
            Generation g = realiser.generate(d, s);
            out.add(g.move().text());
            // the answer passes the same verification as a model's
            assertThat(AnswerVerifier.defaults().check(g.move().response(),
                    PromptBuilder.build(d, AnswerFormat.TEXT), d).accepted()).isTrue();
        }
        assertThat(out).allSatisfy(t -> assertThat(t).doesNotContain("$"));
        assertThat(out).anyMatch(t -> t.contains("10 dollars")).anyMatch(t -> t.contains("3.50 dollars"));
    }

    @Test
    void withoutKnowledgeTheTopicAndStanceAreUsed() {
        Dcrs fig2 = Examples.dcrs(Examples.PAPER_FIGURE_2);
        Generation g = realiser.generate(fig2, 0);
        assertThat(g.move().text()).isEqualTo("We should take climate change seriously because "
                + g.move().response());
        assertThat(g.move().response()).contains("climate change is something to be taken seriously");
        Dcrs opposed = Examples.dcrs(Examples.DGEP_DISAGREE);
        String r = realiser.generate(opposed, 0).move().text();
        assertThat(r).startsWith("I disagree with \"Britain should disarm\" because ");
    }

    @org.junit.jupiter.api.Test
    void guidanceThatNamesAKnownToneUsesThatTonesPhrases() {
        org.assertj.core.api.Assertions.assertThat(InstructionLexicon.of("Respond in a calm, balanced tone."))
                .isEqualTo(InstructionLexicon.of("calm"));
        org.assertj.core.api.Assertions.assertThat(InstructionLexicon.of("Argue from ETHOS: cite authority"))
                .isEqualTo(InstructionLexicon.of("ethos"));
        org.assertj.core.api.Assertions.assertThat(InstructionLexicon.of("Be firm.").kind()).isEqualTo("derived");
    }
}
