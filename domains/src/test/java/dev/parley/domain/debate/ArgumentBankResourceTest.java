package dev.parley.domain.debate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bank is read from its JSON resource; a malformed document is refused naming the document, field and need. */
class ArgumentBankResourceTest {

    private static List<ArgumentBank.Topic> read(String json) {
        return ArgumentBank.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "bank.json");
    }

    private static String topic(String arguments) {
        return "{\"topics\": [{\"id\": \"t\", \"proposition\": \"P\", \"negation\": \"not P\", \"values\": [\"v\"],"
                + " \"arguments\": [" + arguments + "], \"rebuttals\": []}]}";
    }

    @Test
    void theResourceReadsBackAsTheLoadedBank() throws IOException {
        try (InputStream in = ArgumentBank.class.getResourceAsStream(ArgumentBank.RESOURCE)) {
            assertThat(ArgumentBank.read(in, ArgumentBank.RESOURCE)).isEqualTo(ArgumentBank.topics());
        }
    }

    @Test
    void aWellFormedDocumentIsReadFieldByField() {
        List<ArgumentBank.Topic> topics = read(topic(
                "{\"id\": \"a1\", \"side\": \"CON\", \"style\": \"ETHOS\", \"value\": \"v\", \"text\": \"T\"}"));
        assertThat(topics).containsExactly(new ArgumentBank.Topic("t", "P", "not P", List.of("v"),
                List.of(new ArgumentBank.Argument("a1", Side.CON, Style.ETHOS, "v", "T")), List.of()));
    }

    @Test
    void malformedDocumentsAreRefusedWithWhereAndWhat() {
        assertThatThrownBy(() -> read("{\"topics\": [")).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("bank.json: not a whole JSON document (line 1, column ");
        assertThatThrownBy(() -> read("[]")).hasMessage("bank.json: expected a JSON object");
        assertThatThrownBy(() -> read("{}")).hasMessage("bank.json: missing field \"topics\"");
        assertThatThrownBy(() -> read("{\"topics\": {}}")).hasMessage("bank.json: topics: expected a JSON array");
        assertThatThrownBy(() -> read("{\"topics\": [1]}")).hasMessage("bank.json: topics[0]: expected a JSON object");
        assertThatThrownBy(() -> read("{\"topic\": []}"))
                .hasMessage("bank.json: unknown field \"topic\" (expected only [topics])");
        assertThatThrownBy(() -> read(topic("{\"id\": \"a1\", \"side\": \"pro\", \"style\": \"ETHOS\","
                + " \"value\": \"v\", \"text\": \"T\"}")))
                .hasMessage("bank.json: topics[0].arguments[0].side: expected PRO or CON, got \"pro\"");
        assertThatThrownBy(() -> read(topic("{\"id\": \"a1\", \"side\": \"PRO\", \"style\": \"Logos\","
                + " \"value\": \"v\", \"text\": \"T\"}")))
                .hasMessage("bank.json: topics[0].arguments[0].style: expected one of [LOGOS, PATHOS, ETHOS],"
                        + " got \"Logos\"");
        assertThatThrownBy(() -> read(topic("{\"id\": \"a1\", \"side\": \"PRO\", \"style\": \"LOGOS\","
                + " \"value\": \"v\"}")))
                .hasMessage("bank.json: topics[0].arguments[0]: missing field \"text\"");
        assertThatThrownBy(() -> read(topic("{\"id\": 7, \"side\": \"PRO\", \"style\": \"LOGOS\","
                + " \"value\": \"v\", \"text\": \"T\"}")))
                .hasMessage("bank.json: topics[0].arguments[0].id: expected a string");
        assertThatThrownBy(() -> read(topic("{\"id\": \"a1\", \"side\": \"PRO\", \"style\": \"LOGOS\","
                + " \"value\": \"v\", \"text\": \"T\", \"attacks\": \"x\"}")))
                .hasMessage("bank.json: topics[0].arguments[0]: unknown field \"attacks\""
                        + " (expected only [id, side, style, text, value])");
        assertThatThrownBy(() -> read("{\"topics\": [{\"id\": \"t\", \"proposition\": \"P\", \"negation\": \"N\","
                + " \"values\": [\"v\", 2], \"arguments\": [], \"rebuttals\": []}]}"))
                .hasMessage("bank.json: topics[0].values[1]: expected a string");
    }
}
