package dev.parley.gambit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.parley.game.NormalFormGame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NfgTest {

    @Test
    void readsStrategyCountsAndThePayoffListFirstPlayerFastest() {
        NormalFormGame g = Nfg.parse(GambitTestFiles.text("coordination.nfg"), "coordination.nfg");
        assertThat(g.title()).isEqualTo("Three-by-two coordination game with rational payoffs");
        assertThat(g.players()).containsExactly("Row", "Column");
        assertThat(g.strategies()).containsExactly(List.of("1", "2", "3"), List.of("1", "2"));
        // (row, column) -> payoffs, as written in the file with the row strategy varying fastest.
        assertThat(g.payoff(0, 0, 0)).isEqualTo(1.0);
        assertThat(g.payoff(1, 0, 0)).isEqualTo(0.5);
        assertThat(g.payoff(0, 1, 0)).isZero();
        assertThat(g.payoff(0, 2, 0)).isEqualTo(-1.0 / 3);
        assertThat(g.payoff(1, 2, 0)).isEqualTo(2.0);
        assertThat(g.payoff(0, 1, 1)).isEqualTo(2.0);
        assertThat(g.payoff(1, 1, 1)).isEqualTo(1.0);
        assertThat(g.payoff(0, 2, 1)).isEqualTo(15.0);
        assertThat(g.payoff(1, 2, 1)).isEqualTo(-0.25);
    }

    @Test
    void readsStrategyNamesAndTheOutcomeListWithTheNullOutcome() {
        NormalFormGame g = Nfg.parse(GambitTestFiles.text("inspection.nfg"), "inspection.nfg");
        assertThat(g.players()).containsExactly("Worker", "Inspector");
        assertThat(g.strategies()).containsExactly(List.of("shirk", "work"), List.of("inspect", "trust"));
        assertThat(new double[] {g.payoff(0, 0, 0), g.payoff(1, 0, 0)}).containsExactly(-1, 1);
        assertThat(new double[] {g.payoff(0, 1, 0), g.payoff(1, 1, 0)}).containsExactly(0.5, -0.5);
        assertThat(new double[] {g.payoff(0, 0, 1), g.payoff(1, 0, 1)}).containsExactly(1, -1);
        assertThat(new double[] {g.payoff(0, 1, 1), g.payoff(1, 1, 1)}).containsExactly(0, 0);
        assertThat(g.isZeroSum(0)).isTrue();
    }

    @Test
    void strategyCountsWithAnOutcomeListAndNamesWithAPayoffListAlsoRead() {
        NormalFormGame counts = Nfg.parse("NFG 1 R \"mixed\" { \"A\" \"B\" } { 2 1 }\n{ { \"o\" 1/2, -1/2 } }\n0 1",
                "mixed.nfg");
        assertThat(counts.strategies()).containsExactly(List.of("1", "2"), List.of("1"));
        assertThat(counts.payoffs()).containsExactly(0, 0, 0.5, -0.5);
        NormalFormGame names = Nfg.parse("NFG 1 R \"\" { \"A\" } { { \"x\", \"y\" } } \"comment\" 3, 4",
                "names.nfg");
        assertThat(names.strategies()).containsExactly(List.of("x", "y"));
        assertThat(names.payoffs()).containsExactly(3, 4);
    }

    @Test
    void writeThenParseGivesTheSameGameForBothFileForms() {
        for (String file : new String[] {"coordination.nfg", "inspection.nfg"}) {
            NormalFormGame g = Nfg.parse(GambitTestFiles.text(file), file);
            NormalFormGame back = Nfg.parse(Nfg.write(g), "written.nfg");
            assertThat(back).as(file).isEqualTo(g);
        }
    }

    @Test
    void roundTripKeepsAwkwardNumbersLabelsAndThreePlayers() {
        double[] payoffs = new double[2 * 1 * 3 * 3];
        double[] values = {1.0 / 3, -0.1, 1e-20, 123456789.125, -2.0 / 7, Math.PI, 0, -0.0, 1e15, Math.ulp(1.0)};
        for (int i = 0; i < payoffs.length; i++) {
            payoffs[i] = values[i % values.length] * (i + 1);
        }
        NormalFormGame g = new NormalFormGame("A \"quoted\" title with a back\\slash",
                List.of("Alice", "Bob \"B\"", "Carol"),
                List.of(List.of("up", "down"), List.of("only"), List.of("x", "y", "{z}")), payoffs);
        String text = Nfg.write(g);
        NormalFormGame back = Nfg.parse(text, "three.nfg");
        assertThat(back.title()).isEqualTo(g.title());
        assertThat(back.players()).isEqualTo(g.players());
        assertThat(back.strategies()).isEqualTo(g.strategies());
        // Exact, bit for bit, except that -0.0 reads back as 0.
        double[] expected = g.payoffs();
        double[] actual = back.payoffs();
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i]).as("payoff %d", i).isEqualTo(expected[i] == 0 ? 0.0 : expected[i]);
        }
        assertThat(text).contains("\n1/3 ").contains(" -30/7\n");
    }

    @Test
    void bimatrixWrittenAndReadAgreesWithTheMatrices() {
        double[][] a = {{3, 0}, {5, 1}};
        double[][] b = {{3, 5}, {0, 1}};
        NormalFormGame pd = NormalFormGame.bimatrix("Prisoner's dilemma", a, b);
        NormalFormGame back = Nfg.parse(Nfg.write(pd), "pd.nfg");
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                assertThat(back.payoff(0, i, j)).isEqualTo(a[i][j]);
                assertThat(back.payoff(1, i, j)).isEqualTo(b[i][j]);
            }
        }
    }

    @Test
    void readsAFileFromDisk(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("game.nfg");
        Files.writeString(file, GambitTestFiles.text("inspection.nfg"));
        assertThat(Nfg.read(file).strategies().get(0)).containsExactly("shirk", "work");
        Path out = dir.resolve("out.nfg");
        Nfg.write(Nfg.read(file), out);
        assertThat(Nfg.read(out)).isEqualTo(Nfg.read(file));
        Files.writeString(file, "NFG 1 R \"t\" { \"A\" } { 2 }\n1");
        GambitFormatException e = catchThrowableOfType(GambitFormatException.class, () -> Nfg.read(file));
        assertThat(e.file()).isEqualTo(file.toString());
        assertThat(e.getMessage()).isEqualTo(file + ":2:2: expected 2 payoffs (2 profiles x 1 players) but the "
                + "file ends after 1");
    }

    static List<Arguments> malformed() {
        String head = "NFG 1 R \"t\" { \"A\" \"B\" } { 2 2 }\n";
        return List.of(
                Arguments.of("", 1, 1, "expected 'NFG' at the start of a strategic-form file but found end of file"),
                Arguments.of("EFG 2 R \"t\" { \"A\" }", 1, 1,
                        "expected 'NFG' at the start of a strategic-form file but found \"EFG\""),
                Arguments.of("NFG 2 R \"t\"", 1, 5, "expected version 1 after 'NFG' but found \"2\""),
                Arguments.of("NFG 1 X \"t\"", 1, 7, "expected 'R' or 'D' after the version number but found \"X\""),
                Arguments.of("NFG 1 R t", 1, 9, "expected the game's title (a quoted string) but found \"t\""),
                Arguments.of("NFG 1 R \"t\" { }", 1, 13, "the game has no players: the list of player names is empty"),
                Arguments.of("NFG 1 R \"t\" { \"A\" \"B\" } { 2 }", 1, 29,
                        "expected a strategy count for player 2 (one entry per player) but found '}'"),
                Arguments.of("NFG 1 R \"t\" { \"A\" \"B\" } { 2 2 2 }", 1, 31,
                        "expected '}' after the strategies of 2 players but found \"2\""),
                Arguments.of("NFG 1 R \"t\" { \"A\" \"B\" } { 2 0 }", 1, 29,
                        "expected a strategy count or '}' (a whole number at least 1) but found \"0\""),
                Arguments.of("NFG 1 R \"t\" { \"A\" } { { \"a\" } { \"b\" } }", 1, 31,
                        "expected '}' after the strategies of 1 player but found '{'"),
                Arguments.of("NFG 1 R \"t\" { \"A\" } { { } }", 1, 23, "player 1 has no strategies"),
                Arguments.of(head + "1 2 3 4 5 6 7", 2, 14,
                        "expected 8 payoffs (4 profiles x 2 players) but the file ends after 7"),
                Arguments.of(head + "1 2 3 4 5 6 7 8 9", 2, 17,
                        "expected end of file after 8 payoffs (4 profiles x 2 players) but found \"9\""),
                Arguments.of(head + "1 2 3 abc", 2, 7, "expected a payoff (a number) but found \"abc\""),
                Arguments.of(head + "1 2 3 1/0", 2, 7, "bad number \"1/0\": zero denominator"),
                Arguments.of(head + "{ { \"o\" 1 } }", 2, 11, "outcome 1 has 1 payoff but needs 2 payoffs (one per player)"),
                Arguments.of(head + "{ { \"o\" 1 2 3 } }", 2, 13,
                        "outcome 1 has more than 2 payoffs (one per player): found \"3\""),
                Arguments.of(head + "{ { \"o\" 1 x } }", 2, 11, "expected a payoff (a number) or '}' but found \"x\""),
                Arguments.of(head + "{ { \"o\" 1 2 } }\n1 1 2 1", 3, 5,
                        "expected the outcome index of profile 3 (a whole number from 0 to 1) but found \"2\""),
                Arguments.of(head + "{ { \"o\" 1 2 } }\n1 1 0", 3, 6,
                        "expected 4 outcome indices (one per profile) but the file ends after 3"),
                Arguments.of(head + "{ { \"o\" 1 2 } }\n1 1 0 0 1", 3, 9,
                        "expected end of file after 4 outcome indices (one per profile) but found \"1\""),
                Arguments.of("NFG 1 R \"t\" { \"A\" \"B } { 2 2 }\n1 2", 1, 19,
                        "unterminated string: no closing '\"' before the end of the file"),
                Arguments.of("NFG 1 R \"t\" { \"A\" } { 99999 99999 }", 1, 29,
                        "expected '}' after the strategies of 1 player but found \"99999\""),
                Arguments.of("NFG 1 R \"t\" { \"A\" \"B\" } { 99999 99999 }", 1, 25,
                        "the game has more than 67108864 payoffs; Parley does not read tables that large"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void malformedFilesGiveLineColumnAndWhatWasExpected(String text, int line, int column, String detail) {
        FormatErrorAssertions.assertFormatError(Nfg::parse, text, "bad.nfg", line, column, detail);
    }

    @Test
    void everyTruncationOfAValidFileIsAFormatErrorNeverAnotherException() {
        for (String file : new String[] {"coordination.nfg", "inspection.nfg"}) {
            String text = GambitTestFiles.text(file).strip();
            for (int cut = 0; cut < text.length(); cut++) {
                String prefix = text.substring(0, cut);
                try {
                    Nfg.parse(prefix, file);
                    // A few cuts are still valid files, e.g. dropping the last digit of a number.
                } catch (GambitFormatException expected) {
                    assertThat(expected.line()).isPositive();
                }
            }
        }
        assertThatThrownBy(() -> Nfg.parse("NFG 1 R \"t\" { \"A\" } { 2 }\n1", "x"))
                .isInstanceOf(GambitFormatException.class);
    }
}
