package dev.parley.llm.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;

import de.kherud.llama.LlamaModel;
import org.junit.jupiter.api.Test;

/** The grammar a JSON Schema becomes, as llama.cpp's converter writes it and as the backend tightens it. */
class GrammarTest {

    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
            + "\"required\":[\"text\"],\"additionalProperties\":false}";

    @Test
    void stringsLoseTheDollarAndJsonTokensAtMostOneSpace() {
        String raw = LlamaModel.jsonSchemaToGrammar(SCHEMA);
        String tight = LlamaCppChat.compact(raw);
        assertThat(raw).contains("space ::= | \" \" | \"\\n\"").contains("char ::= [^\"\\\\\\x7F");
        assertThat(tight).contains("\nspace ::= | \" \"\n").contains("char ::= [^$\"\\\\\\x7F")
                .doesNotContain("\"\\n\"{1,2}");
        // everything else is the converter's
        assertThat(tight.lines().count()).isEqualTo(raw.lines().count());
    }
}
