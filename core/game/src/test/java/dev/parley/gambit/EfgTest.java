package dev.parley.gambit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.GameTree;
import dev.parley.game.GameType;
import dev.parley.game.State;
import dev.parley.game.testkit.GameConformance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class EfgTest {

    static final String[] FILES = {"beer_quiche.efg", "antes_as_outcomes.efg", "three_player_decimals.efg",
            "repeated_descriptions.efg", "one_card_poker.efg"};

    private static EfgGame parse(String file) {
        return Efg.parse(GambitTestFiles.text(file), file);
    }

    @ParameterizedTest
    @ValueSource(strings = {"beer_quiche.efg", "antes_as_outcomes.efg", "three_player_decimals.efg",
            "repeated_descriptions.efg", "one_card_poker.efg"})
    void everyHandWrittenFilePassesTheConformanceKitAndCompiles(String file) {
        EfgGame game = parse(file);
        GameConformance.Report report = GameConformance.check(game);
        assertThat(report.exhaustive()).isTrue();
        GameTree tree = GameTree.compile(game);
        assertThat(tree.numInfosets()).isEqualTo(report.infosetsSeen());
    }

    @Test
    void chanceAndInformationSets() {
        EfgGame game = parse("beer_quiche.efg");
        assertThat(game.name()).isEqualTo("Beer-quiche signalling game");
        assertThat(game.playerNames()).containsExactly("Sender", "Receiver");
        assertThat(game.comment()).startsWith("Chance draws the sender's type;").contains("\nSender: 1 for");
        assertThat(game.type()).isEqualTo(new GameType(GameType.Dynamics.SEQUENTIAL, GameType.ChanceMode.EXPLICIT,
                GameType.Information.IMPERFECT, GameType.Utility.GENERAL_SUM));
        assertThat(game.minUtility()).isEqualTo(0);
        assertThat(game.maxUtility()).isEqualTo(3);
        State root = game.initialState();
        assertThat(root.isChance()).isTrue();
        assertThat(root.chanceOutcomes()).containsExactly(new ChanceOutcome(0, 2.0 / 3), new ChanceOutcome(1, 1.0 / 3));
        assertThat(root.actionLabel(0)).isEqualTo("strong");
        State strong = root.child(0);
        State weak = root.child(1);
        assertThat(strong.currentPlayer()).isZero();
        assertThat(strong.infoStateKey(0)).isEqualTo("1:1:strong sender");
        assertThat(weak.infoStateKey(0)).isEqualTo("1:2:weak sender");
        assertThat(strong.legalActions()).containsExactly(0, 1);
        assertThat(strong.actionLabel(1)).isEqualTo("quiche");
        // The receiver sees the breakfast, not the type.
        assertThat(strong.child(0).infoStateKey(1)).isEqualTo(weak.child(0).infoStateKey(1)).isEqualTo("2:1:after beer");
        assertThat(strong.child(1).infoStateKey(1)).isEqualTo(weak.child(1).infoStateKey(1))
                .isEqualTo("2:2:after quiche");
        assertThat(weak.child(1).child(1).returns()).containsExactly(3, 0);
        assertThat(strong.child(0).child(0).returns()).containsExactly(1, 0);
        assertThat(strong.child(0).returns()).containsExactly(0, 0);

        GameTree tree = GameTree.compile(game);
        assertThat(tree.numInfosets()).isEqualTo(4);
        // The sender knows its type: one node per infoset. The receiver does not: two.
        for (String key : new String[] {"1:1:strong sender", "1:2:weak sender"}) {
            assertThat(tree.infosetNodes(tree.infosetIndex(key))).hasSize(1);
        }
        for (String key : new String[] {"2:1:after beer", "2:2:after quiche"}) {
            assertThat(tree.infosetNodes(tree.infosetIndex(key))).hasSize(2);
        }
        assertThat(tree.numNodes()).isEqualTo(15);
    }

    @Test
    void outcomesAtInnerNodesAddUpAlongThePath() {
        EfgGame game = parse("antes_as_outcomes.efg");
        State high = game.initialState().child(0);
        State low = game.initialState().child(1);
        assertThat(high.child(0).child(0).returns()).containsExactly(2, -2); // antes, raise, called: -1-1+4 / -1-1
        assertThat(high.child(0).child(1).returns()).containsExactly(1, -1);
        assertThat(high.child(1).returns()).containsExactly(1, -1);
        assertThat(low.child(0).child(0).returns()).containsExactly(-2, 2);
        assertThat(low.child(0).child(1).returns()).containsExactly(1, -1);
        assertThat(low.child(1).returns()).containsExactly(-1, 1);
        // Returns stay zero before the end although outcomes were passed.
        assertThat(high.child(0).returns()).containsExactly(0, 0);
        assertThat(game.type().utility()).isEqualTo(GameType.Utility.ZERO_SUM);
        assertThat(game.minUtility()).isEqualTo(-2);
        assertThat(game.maxUtility()).isEqualTo(2);
    }

    @Test
    void decimalsRationalsScientificNotationAndCommas() {
        EfgGame game = parse("three_player_decimals.efg");
        assertThat(game.numPlayers()).isEqualTo(3);
        State root = game.initialState();
        assertThat(root.chanceOutcomes()).extracting(ChanceOutcome::probability).containsExactly(0.25, 0.25, 0.5);
        State a = root.child(0);
        assertThat(a.child(0).returns()).containsExactly(1.5, -0.5, -1);
        assertThat(a.child(1).child(0).returns()).containsExactly(1.0 / 3, 2.0 / 3, -1);
        assertThat(a.child(1).child(1).returns()).containsExactly(-2.5, 0.125, 2.375);
        State b = root.child(1);
        assertThat(b.child(0).currentPlayer()).isEqualTo(2);
        assertThat(b.child(0).child(0).returns()).containsExactly(1, 10, -11);
        assertThat(b.child(0).child(1).returns()).containsExactly(0, 0, 0); // the null outcome
        assertThat(b.child(1).returns()).containsExactly(0.1, 0.2, -0.3);
        assertThat(root.child(2).returns()).containsExactly(-0.5, 0.25, 0.25);
        // 0.1 + 0.2 - 0.3 is not 0 in doubles, but the payoffs are read exactly.
        assertThat(game.type().utility()).isEqualTo(GameType.Utility.ZERO_SUM);
        assertThat(game.type().information()).isEqualTo(GameType.Information.PERFECT);
        assertThat(game.initialState().child(0).infoStateKey(0)).isEqualTo("1:1");
    }

    @Test
    void repeatedInfosetsAndOutcomesWithoutDescriptions() {
        EfgGame game = parse("repeated_descriptions.efg");
        assertThat(game.title()).isEqualTo("Repeated \"infosets\" and outcomes without descriptions");
        assertThat(game.playerNames()).containsExactly("Row \"R\"", "Col");
        State root = game.initialState();
        State coin = root.child(0).child(0);
        assertThat(coin.isChance()).isTrue();
        assertThat(coin.chanceOutcomes()).isEqualTo(root.chanceOutcomes());
        assertThat(coin.actionLabel(1)).isEqualTo("T");
        State colAfterH = coin.child(0);
        State colAfterT = coin.child(1);
        assertThat(colAfterH.infoStateKey(1)).isEqualTo(colAfterT.infoStateKey(1)).isEqualTo("2:3:col");
        assertThat(colAfterT.actionLabel(0)).isEqualTo("l");
        assertThat(colAfterH.child(0).returns()).containsExactly(1, -1);
        assertThat(colAfterT.child(0).returns()).containsExactly(-1, 1);
        assertThat(colAfterT.child(1).returns()).containsExactly(1, -1);
        assertThat(root.child(1).infoStateKey(0)).isEqualTo("1:42:second coin");
        assertThat(root.child(1).child(0).returns()).containsExactly(0, 0);
        assertThat(root.child(1).child(1).child(1).returns()).containsExactly(-1, 1);
        GameTree tree = GameTree.compile(game);
        assertThat(tree.numInfosets()).isEqualTo(3);
        assertThat(tree.infosetNodes(tree.infosetIndex("2:3:col"))).hasSize(2);
    }

    @Test
    void emptyActionNamesGetPositionalLabels() {
        EfgGame game = Efg.parse("EFG 2 R \"\" { \"A\" } p \"\" 1 1 \"\" { \"\" \"go\" \"\" } 0 t \"\" 0 t \"\" 0 "
                + "t \"\" 0", "dir/empty-names.efg");
        assertThat(game.name()).isEqualTo("empty-names");
        State root = game.initialState();
        assertThat(root.actionLabel(0)).isEqualTo("#1");
        assertThat(root.actionLabel(1)).isEqualTo("go");
        assertThat(root.actionLabel(2)).isEqualTo("#3");
        assertThat(game.type().chance()).isEqualTo(GameType.ChanceMode.DETERMINISTIC);
        GameConformance.check(game);
    }

    @ParameterizedTest
    @ValueSource(strings = {"beer_quiche.efg", "antes_as_outcomes.efg", "three_player_decimals.efg",
            "repeated_descriptions.efg", "one_card_poker.efg"})
    void compiledThenWrittenThenParsedIsTheSameGame(String file) {
        GameTree tree = GameTree.compile(parse(file));
        String written = Efg.write(tree);
        EfgGame back = Efg.parse(written, "written-" + file);
        GameConformance.check(back);
        GameTree again = GameTree.compile(back);
        SameGame.assertSameGame(tree, again);
        // names travel without escapes: a double quote comes back as a single quote
        assertThat(back.name()).isEqualTo(tree.name().replace('"', '\''));
        assertThat(back.type()).isEqualTo(tree.type());
        // Infoset keys travel as infoset names: player:number:original-key.
        for (int i = 0; i < tree.numInfosets(); i++) {
            assertThat(again.infosetKey(i)).endsWith(":" + tree.infosetKey(i).replace('"', '\''));
        }
        // A second round is textually stable except for the keys growing a prefix: same shape, same numbers.
        SameGame.assertSameGame(again, GameTree.compile(Efg.parse(Efg.write(again), "twice")));
    }

    @Test
    void writerEscapesNothingSinceOpenSpielReadsNoEscapes() {
        String text = "EFG 2 R \"a \\\"quoted\\\" game\" { \"A\" \"B\" }\n"
                + "p \"\" 1 1 \"say \\\"hi\\\" \\\\ there\" { \"l\" \"r\" } 0\n"
                + "t \"\" 1 \"\" { 1, -1 }\nt \"\" 2 \"\" { -1, 1 }\n";
        GameTree tree = GameTree.compile(Efg.parse(text, "escapes.efg"));
        String written = Efg.write(tree);
        assertThat(written).doesNotContain("\\").startsWith("EFG 2 R \"a 'quoted' game\"");
        assertThat(written).contains("\"1:1:say 'hi' / there\"");
        SameGame.assertSameGame(tree, GameTree.compile(Efg.parse(written, "written.efg")));
    }

    @Test
    void writerNumbersInfosetsPerPlayerAndSharesOutcomes() {
        String written = Efg.write(GameTree.compile(parse("one_card_poker.efg")), List.of("Ann", "Bob"));
        assertThat(written).startsWith("EFG 2 R \"One-card poker: deal 2/5 high, ante 1, bet 3\" { \"Ann\" \"Bob\" }\n");
        assertThat(written).contains("c \"\" 1 \"\" { \"High\" 0.4 \"Low\" 0.6 } 0\n");
        assertThat(written).contains("p \"\" 1 1 \"1:1:Ann holds High\" { \"bet\" \"check\" } 0\n");
        assertThat(written).contains("p \"\" 2 1 \"2:1:Bob facing a bet\" { \"call\" \"fold\" } 0\n");
        assertThat(written).contains("p \"\" 1 2 \"1:2:Ann holds Low\" { \"bet\" \"check\" } 0\n");
        // every node of an infoset repeats its description and every terminal its payoffs (OpenSpiel's reader)
        assertThat(written.split("p \"\" 2 1 \"2:1:Bob facing a bet\" \\{ \"call\" \"fold\" } 0\n", -1)).hasSize(3);
        assertThat(written).contains("t \"\" 1 \"\" { 4, -4 }\n").contains("t \"\" 2 \"\" { 1, -1 }\n");
        assertThat(written.split("t \"\" 2 \"\" \\{ 1, -1 }\n", -1)).hasSize(4);
        assertThat(written).doesNotContain("t \"\" 2\n").doesNotContain(" 0\nt \"\" 0\n");
    }

    @Test
    void writerGivesZeroPayoffsAnOutcomeAndWritesExactFractions() {
        String written = Efg.write(GameTree.compile(parse("three_player_decimals.efg")));
        // not the null outcome "t \"\" 0", which OpenSpiel's reader refuses
        assertThat(written).doesNotContain("t \"\" 0\n").containsPattern("t \"\" \\d+ \"\" \\{ 0, 0, 0 }\n");
        assertThat(written).contains("{ 1/3, 2/3, -1 }");
        assertThat(written).contains("{ \"a\" 1/4 \"b\" 1/4 \"c\" 0.5 }");
        assertThat(written).contains("{ -2.5, 1/8, 19/8 }").contains("{ 0.1, 0.2, -0.3 }");
    }

    @Test
    void handSolvedOneCardPokerHasValueSevenTwentyFifths() {
        GameTree tree = GameTree.compile(parse("one_card_poker.efg"));
        int high = tree.infosetIndex("1:1:Ann holds High");
        int low = tree.infosetIndex("1:2:Ann holds Low");
        int bob = tree.infosetIndex("2:1:Bob facing a bet");
        double[][] equilibrium = new double[3][];
        equilibrium[high] = new double[] {1, 0};
        equilibrium[low] = new double[] {0.4, 0.6};
        equilibrium[bob] = new double[] {0.4, 0.6};
        assertEquilibriumWithValue(tree, equilibrium, 7.0 / 25);
    }

    @Test
    void handSolvedAntesGameHasValueOneThird() {
        // Same structure with bet 1 and an even deal: Ann bluffs Low with 1/3, Bob calls with 2/3, value 1/3.
        GameTree tree = GameTree.compile(parse("antes_as_outcomes.efg"));
        double[][] equilibrium = new double[3][];
        equilibrium[tree.infosetIndex("1:1:Ann high")] = new double[] {1, 0};
        equilibrium[tree.infosetIndex("1:2:Ann low")] = new double[] {1.0 / 3, 2.0 / 3};
        equilibrium[tree.infosetIndex("2:1:Bob facing a raise")] = new double[] {2.0 / 3, 1.0 / 3};
        assertEquilibriumWithValue(tree, equilibrium, 1.0 / 3);
    }

    /** The profile's value, and neither player gains by any pure deviation: so it is the game's value. */
    private static void assertEquilibriumWithValue(GameTree tree, double[][] profile, double value) {
        assertThat(TreeValues.value(tree, profile, 0)).isCloseTo(value, within(1e-12));
        assertThat(TreeValues.value(tree, profile, 1)).isCloseTo(-value, within(1e-12));
        assertThat(TreeValues.bestPureReply(tree, profile, 0)).isCloseTo(value, within(1e-12));
        assertThat(TreeValues.bestPureReply(tree, profile, 1)).isCloseTo(-value, within(1e-12));
        // And a perturbed profile is exploitable, so the check above can fail.
        double[][] off = profile.clone();
        off[tree.infosetIndex(tree.infosetKey(tree.infoset(tree.firstChild(0))))] = new double[] {0.5, 0.5};
        assertThat(TreeValues.bestPureReply(tree, off, 1)).isGreaterThan(-value + 1e-3);
    }

    @Test
    void aDeepChainParsesWithoutOverflowingTheStack() {
        int depth = 50_000;
        String text = chain(depth);
        EfgGame game = Efg.parse(text, "chain.efg");
        State s = game.initialState();
        int steps = 0;
        while (!s.isTerminal()) {
            assertThat(s.child(0).isTerminal()).isTrue();
            s = s.child(1);
            steps++;
        }
        assertThat(steps).isEqualTo(depth);
    }

    private static String chain(int depth) {
        // Prefix order of a chain whose "go" edge comes last: stop-terminal first, then the deeper node.
        StringBuilder sb = new StringBuilder("EFG 2 R \"chain\" { \"A\" }\n");
        for (int i = 1; i <= depth; i++) {
            sb.append("p \"\" 1 ").append(i).append(" \"\" { \"stop\" \"go\" } 0\nt \"\" 0\n");
        }
        sb.append("t \"\" 0\n");
        return sb.toString();
    }

    @Test
    void readsFromDiskAndNamesTheFileInErrors(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("game.efg");
        Efg.write(GameTree.compile(parse("beer_quiche.efg")), file);
        SameGame.assertSameGame(GameTree.compile(parse("beer_quiche.efg")), GameTree.compile(Efg.read(file)));
        Files.writeString(file, "EFG 2 R \"t\" { \"A\" \"B\" }\nt \"\" 1 \"o\" { 1 abc }\n");
        GambitFormatException e = catchThrowableOfType(GambitFormatException.class, () -> Efg.read(file));
        assertThat(e.getMessage()).isEqualTo(file + ":2:16: expected a payoff (a number) or '}' but found \"abc\"");
        // Latin-1 bytes that are not UTF-8 still read.
        Files.write(file, "EFG 2 R \"caf\u00e9\" { \"A\" } t \"\" 0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThat(Efg.read(file).title()).isEqualTo("caf\u00e9");
    }

    static List<Arguments> malformed() {
        String head = "EFG 2 R \"t\" { \"A\" \"B\" }\n";
        String node = "a node ('c' for chance, 'p' for a player, 't' for a terminal)";
        return List.of(
                Arguments.of("", 1, 1, "expected 'EFG' at the start of an extensive-form file but found end of file"),
                Arguments.of("NFG 1 R \"t\" { \"A\" }", 1, 1,
                        "expected 'EFG' at the start of an extensive-form file but found \"NFG\""),
                Arguments.of("EFG 3 R \"t\" { \"A\" }", 1, 5, "expected version 2 after 'EFG' but found \"3\""),
                Arguments.of("EFG 2 Q \"t\"", 1, 7, "expected 'R' or 'D' after the version number but found \"Q\""),
                Arguments.of("EFG 2 R \"t\" { }", 1, 13, "the game has no players: the list of player names is empty"),
                Arguments.of("EFG 2 R \"t\" \"A\" \"B\"", 1, 13,
                        "expected '{' opening the list of player names but found string \"A\""),
                Arguments.of(head, 2, 1, "expected the root node: " + node + " but found end of file"),
                Arguments.of(head + "p \"\" 1 1 \"i\" { \"a\" \"b\" } 0\nt \"\" 1 \"o\" { 1 -1 }\n", 4, 1,
                        "expected " + node + " for action 2 of 2 (\"b\") of the node at line 2, column 1 but found "
                                + "end of file"),
                Arguments.of(head + "x \"\" 0", 2, 1, "expected the root node: " + node + " but found \"x\""),
                Arguments.of(head + "t 0", 2, 3, "expected the node's name (a quoted string) but found \"0\""),
                Arguments.of(head + "t \"\" 1 \"o\" { 1 }", 2, 16,
                        "outcome 1 has 1 payoff but needs 2 payoffs (one per player)"),
                Arguments.of(head + "t \"\" 1 \"o\" { 1, 2, 3 }", 2, 20,
                        "outcome 1 has more than 2 payoffs (one per player): found \"3\""),
                Arguments.of(head + "t \"\" 1 \"o\" { 1 abc }", 2, 16,
                        "expected a payoff (a number) or '}' but found \"abc\""),
                Arguments.of(head + "t \"\" 1 \"o\" 1 -1", 2, 12,
                        "expected '{' opening the payoffs of outcome 1 but found \"1\""),
                Arguments.of(head + "p \"\" 3 1 \"i\" { \"a\" } 0\nt \"\" 0", 2, 6,
                        "unknown player 3: the game has 2 players, numbered from 1"),
                Arguments.of(head + "p \"\" 0 1 \"i\" { \"a\" } 0\nt \"\" 0", 2, 6,
                        "expected a player number (a whole number from 1 to 2) but found \"0\""),
                Arguments.of(head + "p \"\" 1 1.5 \"i\" { \"a\" } 0", 2, 8,
                        "expected an infoset number (a whole number at least 1) but found \"1.5\""),
                Arguments.of(head + "p \"\" 1 1 \"i\" \"a\" \"b\" 0", 2, 14,
                        "expected '{' opening the actions of infoset 1 of player 1 but found string \"a\""),
                Arguments.of(head + "p \"\" 1 3 0\nt \"\" 0", 2, 8, "infoset 3 of player 1 appears here for the "
                        + "first time without its description: expected its name and actions (a quoted string, then "
                        + "'{') but found \"0\""),
                Arguments.of(head + "c \"\" 1 \"\" { \"h\" 1/2 \"t\" 2/5 } 0\nt \"\" 0\nt \"\" 0", 2, 11,
                        "the probabilities of chance infoset 1 sum to 9/10, not 1"),
                Arguments.of(head + "c \"\" 1 \"\" { \"h\" 0.5 \"t\" 0.4999 } 0\nt \"\" 0\nt \"\" 0", 2, 11,
                        "the probabilities of chance infoset 1 sum to 9999/10000, not 1"),
                Arguments.of(head + "c \"\" 1 \"\" { \"h\" 3/2 \"t\" -1/2 } 0", 2, 17,
                        "the probability of action \"h\" is 3/2; it must lie between 0 and 1"),
                Arguments.of(head + "c \"\" 1 \"\" { \"h\" \"t\" } 0", 2, 17,
                        "expected the probability of action \"h\" (a number) but found string \"t\""),
                Arguments.of(head + "c \"\" 1 \"\" { } 0", 2, 11, "chance infoset 1 has no actions"),
                Arguments.of(head + "c \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/2 } 0\np \"\" 1 1 \"i\" { \"a\" \"b\" } 0\n"
                        + "t \"\" 0\nt \"\" 0\np \"\" 1 1 \"i\" { \"a\" \"c\" } 0\nt \"\" 0\nt \"\" 0", 6, 10,
                        "infoset 1 of player 1 is described here as \"i\" { \"a\" \"c\" } but at line 3, column 10 as "
                                + "\"i\" { \"a\" \"b\" }"),
                Arguments.of(head + "c \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/2 } 0\nc \"\" 1 \"\" { \"x\" 1/3 \"y\" 2/3 } 0",
                        3, 8, "chance infoset 1 is described here as \"\" { \"x\" 1/3 \"y\" 2/3 } but at line 2, "
                                + "column 8 as \"\" { \"x\" 1/2 \"y\" 1/2 }"),
                Arguments.of(head + "c \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/2 } 0\nt \"\" 1 \"o\" { 1 -1 }\n"
                        + "t \"\" 1 \"o\" { 1 1 }", 4, 8,
                        "outcome 1 is described here as \"o\" [1, 1] but at line 3, column 8 as \"o\" [1, -1]"),
                Arguments.of(head + "t \"\" 4", 2, 6, "outcome 4 appears here for the first time without its "
                        + "description: expected its name and payoffs (a quoted string, then '{') but found end of file"),
                Arguments.of(head + "t \"\" 0 \"o\" { 1 -1 }", 2, 8, "outcome 0 is the null outcome and takes no "
                        + "description"),
                Arguments.of(head + "t \"\" -1", 2, 6,
                        "expected an outcome number (0 for none) (a whole number at least 0) but found \"-1\""),
                Arguments.of(head + "p \"\" 1 1 \"i\" { \"a\" \"b\" } 0\np \"\" 1 2 \"j\" { \"x\" } 0\nt \"\" 0\n"
                        + "p \"\" 1 2 0\nt \"\" 0", 5, 1, "imperfect recall: infoset 2 of player 1 is reached here "
                        + "after different moves of that player than at line 3, column 1; Parley's games need "
                        + "perfect recall"),
                Arguments.of(head + "p \"\" 1 1 \"i\" { \"a\" \"b\" } 0\np \"\" 1 1 0\nt \"\" 0\nt \"\" 0\nt \"\" 0", 3, 1,
                        "imperfect recall: infoset 1 of player 1 is reached here after different moves of that player "
                                + "than at line 2, column 1; Parley's games need perfect recall"),
                Arguments.of(head + "t \"\" 0\nt \"\" 0", 3, 1, "expected end of file after the game tree (the root's "
                        + "subtree is complete) but found \"t\""),
                Arguments.of(head + "t \"\" 1 \"oops { 1 -1 }", 2, 8,
                        "unterminated string: no closing '\"' before the end of the file"),
                Arguments.of(head + "t \"\" 1 \"o\" { 1/0 1 }", 2, 14, "bad number \"1/0\": zero denominator"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void malformedFilesGiveLineColumnAndWhatWasExpected(String text, int line, int column, String detail) {
        FormatErrorAssertions.assertFormatError(Efg::parse, text, "game.efg", line, column, detail);
    }

    @Test
    void everyTruncationOfEveryFileIsAFormatErrorOrAValidGame() {
        int errors = 0;
        for (String file : FILES) {
            String text = GambitTestFiles.text(file).strip();
            for (int cut = 0; cut < text.length(); cut++) {
                try {
                    GameConformance.check(Efg.parse(text.substring(0, cut), file));
                } catch (GambitFormatException expected) {
                    assertThat(expected.line()).isBetween(1, (int) text.lines().count());
                    errors++;
                }
            }
        }
        assertThat(errors).isPositive();
    }
}
