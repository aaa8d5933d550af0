package dev.parley.domain.debate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The bank's full content, field by field, against a dump taken from the bank as it was when it was written as Java
 * calls: moving the data elsewhere (or editing it by accident) must show up here.
 */
class ArgumentBankContentTest {

    private static final String DUMP = "/debate/argument-bank-dump.txt";

    /** Every topic, argument and rebuttal field, in bank order; lookups by proposition and id are checked too. */
    static String render() {
        StringBuilder out = new StringBuilder();
        for (ArgumentBank.Topic t : ArgumentBank.topics()) {
            assertThat(ArgumentBank.topic(t.proposition())).containsSame(t);
            out.append("topic ").append(t.id()).append('\n')
                    .append("  proposition ").append(t.proposition()).append('\n')
                    .append("  negation ").append(t.negation()).append('\n')
                    .append("  values ").append(String.join(", ", t.values())).append('\n');
            for (ArgumentBank.Argument a : t.arguments()) {
                assertThat(ArgumentBank.argument(a.id())).contains(a);
                assertThat(ArgumentBank.rebuttal(a.id())).isEmpty();
                out.append("  argument ").append(a.id()).append(' ').append(a.side()).append(' ')
                        .append(a.style()).append(' ').append(a.value()).append('\n')
                        .append("    ").append(a.text()).append('\n');
            }
            for (ArgumentBank.Rebuttal r : t.rebuttals()) {
                assertThat(ArgumentBank.rebuttal(r.id())).contains(r);
                assertThat(ArgumentBank.argument(r.id())).isEmpty();
                out.append("  rebuttal ").append(r.id()).append(' ').append(r.side()).append(' ')
                        .append(r.style()).append(' ').append(r.value()).append(" attacks ").append(r.attacks())
                        .append('\n')
                        .append("    ").append(r.text()).append('\n');
            }
        }
        return out.toString();
    }

    @Test
    void theBankHoldsExactlyTheDumpedContent() throws IOException {
        String actual = render();
        String expected;
        try (InputStream in = ArgumentBankContentTest.class.getResourceAsStream(DUMP)) {
            assertThat(in).as(DUMP).isNotNull();
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(expected);
    }
}
