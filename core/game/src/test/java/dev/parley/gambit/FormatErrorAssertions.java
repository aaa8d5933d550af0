package dev.parley.gambit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.function.BiFunction;

/** The one check of a Gambit parse error that the .efg and .nfg tests share: where it is, and what it says. */
final class FormatErrorAssertions {

    private FormatErrorAssertions() {
    }

    /**
     * {@code parse} (text, file name) fails on {@code text} with {@code detail} at {@code file:line:column}, and its
     * message says all four.
     */
    static void assertFormatError(BiFunction<String, String, ?> parse, String text, String file, int line, int column,
            String detail) {
        GambitFormatException e = catchThrowableOfType(GambitFormatException.class, () -> parse.apply(text, file));
        assertThat(e).as("no exception for %s", text).isNotNull();
        assertThat(e.detail()).isEqualTo(detail);
        assertThat(e.line()).as("line").isEqualTo(line);
        assertThat(e.column()).as("column").isEqualTo(column);
        assertThat(e.file()).isEqualTo(file);
        assertThat(e.getMessage()).isEqualTo(file + ":" + line + ":" + column + ": " + detail);
    }
}
