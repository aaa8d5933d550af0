package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TableTest {

    private static Table protocols() {
        return new Table("name", "description")
                .row("ppd", "a simple persuasion dialogue in the style of Prakken's PPD0 (claim, why, argue, concede)")
                .row("h", "Hamblin's system H");
    }

    @Test
    void withoutALimitEveryRowStaysOnOneLine() {
        assertThat(protocols().render(0)).isEqualTo("""
                name  description
                ----  ----------------------------------------------------------------------------------------
                ppd   a simple persuasion dialogue in the style of Prakken's PPD0 (claim, why, argue, concede)
                h     Hamblin's system H
                """);
    }

    @Test
    void aLongLastColumnIsWrappedAtSpacesUnderItself() {
        String out = protocols().render(40);
        assertThat(out).isEqualTo("""
                name  description
                ----  ----------------------------------
                ppd   a simple persuasion dialogue in
                      the style of Prakken's PPD0
                      (claim, why, argue, concede)
                h     Hamblin's system H
                """);
        assertThat(out.lines()).allMatch(l -> l.length() <= 40);
        // the words are all there, in order
        assertThat(String.join(" ", out.lines().skip(2).limit(3).map(String::strip).toList()))
                .isEqualTo("ppd   a simple persuasion dialogue in the style of Prakken's PPD0 (claim, why, argue,"
                        + " concede)");
    }

    @Test
    void aColumnThatWouldBeTooNarrowIsLeftLong() {
        Table t = new Table("a very long first column header", "text").row("x", "one two three four five six");
        assertThat(t.render(40)).isEqualTo(t.render(0));
    }

    @Test
    void aWordLongerThanTheColumnStandsAloneOnItsLine() {
        assertThat(Table.wrapped("go https://example.invalid/a-very-long-address-indeed now", 20))
                .containsExactly("go", "https://example.invalid/a-very-long-address-indeed", "now");
    }

    @Test
    void onlyATerminalGetsAWidthAndColumnsOverridesIt() {
        assertThat(Table.terminalColumns(false, "80")).isZero();
        assertThat(Table.terminalColumns(true, null)).isEqualTo(100);
        assertThat(Table.terminalColumns(true, "132")).isEqualTo(132);
        assertThat(Table.terminalColumns(true, "wide")).isEqualTo(100);
        assertThat(Table.terminalColumns(true, "10")).isEqualTo(100);
    }
}
