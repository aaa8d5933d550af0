package dev.parley.preface;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DcrsValidationTest {

    @Test
    void thePapersFigure2Validates() {
        Dcrs d = Examples.dcrs(Examples.PAPER_FIGURE_2);
        assertThat(d.metadata().version()).isEqualTo("1.0");
        assertThat(d.topic().stance()).isEqualTo(Stance.SUPPORT); // "PRO" is an alias
        assertThat(d.history().utterances()).singleElement()
                .satisfies(u -> {
                    assertThat(u.index()).isZero(); // "0" as printed in the paper
                    assertThat(u.speaker()).isEqualTo("Alice");
                    assertThat(u.moveName()).isEqualTo("assert");
                });
        assertThat(d.response().moveName()).isEqualTo("agreeWithReason");
        assertThat(d.response().opener()).isEqualTo("I agree because $p$");
        assertThat(d.knowledge().content()).isEmpty();
        assertThat(d.response().instructionText()).isEmpty();
    }

    @Test
    void theWorkedExampleAndTheVersion11DocumentValidate() {
        assertThat(Examples.dcrs(Examples.PAPER_WORKED).knowledge().content()).hasSize(3);
        Dcrs v11 = Examples.dcrs(Examples.DGEP_DISAGREE);
        assertThat(v11.response().instructionText()).contains("calm");
        assertThat(v11.response().reply()).containsEntry("p", "Britain should disarm");
        assertThat(v11.topic().stance()).isEqualTo(Stance.OPPOSE);
    }

    @Test
    void historyAndKnowledgeAreOptional() {
        Dcrs d = DcrsReader.parse("""
                {"metadata": {"name": "dcrs", "version": "1.0"},
                 "topic": {"description": "Breakfast is the most important meal of the day", "stance": "neutral"},
                 "response": {"move_name": "assert", "opener": "I think that $p"}}""", "minimal");
        assertThat(d.history().utterances()).isEmpty();
        assertThat(d.knowledge().content()).isEmpty();
    }

    @Test
    void aMissingMemberIsNamedByPointerAndRuleWithItsLine() {
        String text = Examples.text(Examples.PAPER_FIGURE_2).replace("\"move_name\": \"agreeWithReason\",", "");
        assertThatThrownBy(() -> DcrsReader.parse(text, "fig2.json"))
                .isInstanceOf(DcrsException.class)
                .hasMessageContaining("fig2.json: line 10")
                .hasMessageContaining("/response/move_name")
                .hasMessageContaining("(rule: required)")
                .satisfies(e -> assertThat(((DcrsException) e).violations())
                        .extracting(SchemaViolation::pointer, SchemaViolation::rule)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple("/response/move_name", "required")));
    }

    @Test
    void everyViolationIsReportedWithItsPointer() {
        String text = """
                {"metadata": {"name": "dcrs", "version": "2.0"},
                 "history": {"utterances": [{"index": 3, "speaker": "Bob", "move_name": "assert", "content": "x"}]},
                 "topic": {"description": "Tax", "stance": "maybe"},
                 "response": {"move_name": "argue", "scaffold": 7},
                 "knowledge": {"type": "", "content": ["ok", 5]},
                 "extra": true}""";
        DcrsException e = catchDcrs(text);
        List<String> pointers = e.violations().stream().map(v -> v.pointer() + " " + v.rule()).toList();
        assertThat(pointers).contains(
                "/metadata/version enum",
                "/topic/stance enum",
                "/response/scaffold type",
                "/knowledge/content/1 type",
                " additionalProperties");
        assertThat(pointers).anyMatch(p -> p.startsWith("/history/utterances/0/index"));
        assertThat(e.getMessage()).contains("schema violations").contains("line 3, column");
    }

    @Test
    void aResponseNeedsAScaffoldOrAnOpener() {
        DcrsException e = catchDcrs("""
                {"metadata": {"name": "dcrs", "version": "1.0"},
                 "topic": {"description": "Tax", "stance": "oppose"},
                 "response": {"move_name": "argue"}}""");
        assertThat(e.violations()).extracting(SchemaViolation::pointer)
                .contains("/response/scaffold", "/response/opener");
        assertThat(e.violations()).extracting(SchemaViolation::rule).containsOnly("required");
    }

    @Test
    void version10KeepsItsShapeAndVersion11AddsTheInstruction() {
        String v11 = Examples.text(Examples.DGEP_DISAGREE);
        DcrsException e = catchDcrs(v11.replace("\"version\": \"1.1\"", "\"version\": \"1.0\""));
        assertThat(e.violations()).extracting(SchemaViolation::pointer).contains("/response");
        assertThat(e.violations()).extracting(SchemaViolation::rule).contains("not");
        // a 1.0 document upgraded by the solver's choice is a valid 1.1 document
        Dcrs upgraded = Examples.dcrs(Examples.PAPER_FIGURE_2).withInstruction("assertive");
        ObjectNode json = DcrsReader.MAPPER.valueToTree(upgraded);
        Dcrs back = DcrsReader.bind(json, "upgraded");
        assertThat(back).isEqualTo(upgraded);
        assertThat(back.metadata().version()).isEqualTo("1.1");
    }

    @Test
    void notJsonIsReportedWithLineAndColumn(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("broken.json");
        Files.writeString(f, "{\n  \"metadata\": {\"name\": \"dcrs\",,}\n}");
        assertThatThrownBy(() -> DcrsReader.read(f))
                .isInstanceOf(DcrsException.class)
                .hasMessageStartingWith(f + ":2:31: malformed JSON: Unexpected character");
        assertThatThrownBy(() -> DcrsReader.read(dir.resolve("absent.json")))
                .hasMessageEndingWith("absent.json: no such file");
    }

    private static DcrsException catchDcrs(String text) {
        try {
            DcrsReader.parse(text, "doc");
        } catch (DcrsException e) {
            return e;
        }
        throw new AssertionError("expected a DcrsException for " + text);
    }
}
