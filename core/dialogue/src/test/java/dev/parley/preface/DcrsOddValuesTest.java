package dev.parley.preface;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Values Jackson shares between documents (small numbers, booleans) still get a located one-line violation. */
class DcrsOddValuesTest {

    @Test
    void aNumericStanceIsASchemaViolationNotAnInternalError() {
        String text = """
                {"metadata": {"name": "dcrs", "version": "1.0"},
                 "topic": {"description": "Tax", "stance": 7},
                 "response": {"move_name": "assert", "opener": "I think that $p"}}""";
        assertThatThrownBy(() -> DcrsReader.parse(text, "odd.json"))
                .isInstanceOf(DcrsException.class)
                .hasMessageContaining("odd.json: line 2")
                .hasMessageContaining("/topic/stance");
    }

    @Test
    void aBooleanStanceToo() {
        String text = """
                {"metadata": {"name": "dcrs", "version": "1.0"},
                 "topic": {"description": "Tax", "stance": true},
                 "response": {"move_name": "assert", "opener": "I think that $p"}}""";
        assertThatThrownBy(() -> DcrsReader.parse(text, "odd.json"))
                .isInstanceOf(DcrsException.class)
                .hasMessageContaining("/topic/stance");
    }
}
