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

    /** A well-formed argument, for the cases that spoil one field of it. */
    private static final String ARGUMENT =
            "{\"id\": \"a1\", \"side\": \"PRO\", \"style\": \"LOGOS\", \"value\": \"v\", \"text\": \"T\"}";

    private static void refusesArgument(String argument, String problem) {
        assertThatThrownBy(() -> read(topic(argument))).isInstanceOf(IllegalStateException.class)
                .hasMessage("bank.json: topics[0].arguments[0]" + problem);
    }

    @Test
    void theResourceReadsBackAsTheLoadedBank() throws IOException {
        try (InputStream in = ArgumentBank.class.getResourceAsStream(ArgumentBank.RESOURCE)) {
            assertThat(ArgumentBank.read(in, ArgumentBank.RESOURCE)).isEqualTo(ArgumentBank.topics());
        }
    }

    @Test
    void aWellFormedDocumentIsReadFieldByField() {
        List<ArgumentBank.Topic> topics = read(topic(ARGUMENT.replace("PRO", "CON").replace("LOGOS", "ETHOS")));
        assertThat(topics).containsExactly(new ArgumentBank.Topic("t", "P", "not P", List.of("v"),
                List.of(new ArgumentBank.Argument("a1", Side.CON, Style.ETHOS, "v", "T")), List.of()));
    }

    @Test
    void malformedDocumentsAreRefusedWithWhereAndWhat() {
        assertThatThrownBy(() -> read("{\"topics\": [")).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("bank.json: not a whole JSON document: line 1, column 13:"
                        + " Unexpected end-of-input");
        assertThatThrownBy(() -> read("[]")).hasMessage("bank.json: expected a JSON object");
        assertThatThrownBy(() -> read("{}")).hasMessage("bank.json: missing field \"topics\"");
        assertThatThrownBy(() -> read("{\"topics\": {}}")).hasMessage("bank.json: topics: expected a JSON array");
        assertThatThrownBy(() -> read("{\"topics\": [1]}")).hasMessage("bank.json: topics[0]: expected a JSON object");
        assertThatThrownBy(() -> read("{\"topic\": []}"))
                .hasMessage("bank.json: unknown field \"topic\" (expected only [topics])");
        refusesArgument(ARGUMENT.replace("\"PRO\"", "\"pro\""), ".side: expected PRO or CON, got \"pro\"");
        refusesArgument(ARGUMENT.replace("\"LOGOS\"", "\"Logos\""),
                ".style: expected one of [LOGOS, PATHOS, ETHOS], got \"Logos\"");
        refusesArgument(ARGUMENT.replace(", \"text\": \"T\"", ""), ": missing field \"text\"");
        refusesArgument(ARGUMENT.replace("\"a1\"", "7"), ".id: expected a string");
        refusesArgument(ARGUMENT.replace("}", ", \"attacks\": \"x\"}"),
                ": unknown field \"attacks\" (expected only [id, side, style, text, value])");
        assertThatThrownBy(() -> read("{\"topics\": [{\"id\": \"t\", \"proposition\": \"P\", \"negation\": \"N\","
                + " \"values\": [\"v\", 2], \"arguments\": [], \"rebuttals\": []}]}"))
                .hasMessage("bank.json: topics[0].values[1]: expected a string");
    }

    private static ArgumentBank.Argument arg(String id, Side side, String value) {
        return new ArgumentBank.Argument(id, side, Style.LOGOS, value, "text of " + id);
    }

    private static ArgumentBank.Rebuttal reb(String id, Side side, String value, String attacks) {
        return new ArgumentBank.Rebuttal(id, side, Style.LOGOS, value, attacks, "text of " + id);
    }

    private static ArgumentBank.Topic topic(String id, String proposition, List<ArgumentBank.Argument> arguments,
                                            List<ArgumentBank.Rebuttal> rebuttals) {
        return new ArgumentBank.Topic(id, proposition, "not " + proposition, List.of("v", "w"), arguments, rebuttals);
    }

    @Test
    void aBankWhoseTopicsDoNotHoldTogetherIsRefusedWithEveryProblemOfTheTopic() {
        ArgumentBank.Topic good = topic("t1", "P", List.of(arg("a", Side.PRO, "v"), arg("b", Side.CON, "w")),
                List.of(reb("ra", Side.CON, "v", "a")));
        assertThat(ArgumentBank.Index.of(List.of(good), "bank.json").rebuttals()).containsOnlyKeys("ra");
        ArgumentBank.Topic bad = topic("t2", "Q",
                List.of(arg("a", Side.PRO, "v"), arg("c", Side.PRO, "x"), arg("c", Side.CON, "v")),
                List.of(reb("rc", Side.PRO, "v", "c"), reb("rd", Side.PRO, "y", "nothing"),
                        reb("re", Side.CON, "v", "c"), reb("re", Side.CON, "v", "c"), reb("ra", Side.PRO, "v", "c")));
        assertThatThrownBy(() -> ArgumentBank.Index.of(List.of(good, bad), "bank.json"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("bank.json: argument bank topic t2: [argument id a is used twice,"
                        + " c promotes x, which is not among the topic's values, argument id c is used twice,"
                        + " rd attacks nothing, which is no argument of the other side,"
                        + " rd promotes y, which is not among the topic's values,"
                        + " re attacks c, which is no argument of the other side,"
                        + " re attacks c, which is no argument of the other side, rebuttal id re is used twice,"
                        + " rebuttal id ra is used twice]");
        assertThatThrownBy(() -> ArgumentBank.Index.of(List.of(good, topic("t3", "P", List.of(), List.of())),
                "bank.json")).hasMessage("bank.json: argument bank topic t3: [the proposition 'P' is banked twice]");
    }
}
