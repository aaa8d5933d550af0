package dev.parley.gambit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.poker.LeducPoker;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.testkit.GameConformance;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Kuhn (2 and 3 players) and Leduc poker written as .efg files and read back are the same games. */
class PokerEfgRoundTripTest {

    static Stream<Game> games() {
        return Stream.of(new KuhnPoker(), new KuhnPoker(3), new LeducPoker());
    }

    @ParameterizedTest
    @MethodSource("games")
    void writtenAndReadBackIsTheSameGame(Game game, @TempDir Path dir) throws Exception {
        GameTree tree = GameTree.compile(game);
        Path file = dir.resolve(game.name() + ".efg");
        Efg.write(tree, file);
        EfgGame back = Efg.read(file);

        assertThat(back.name()).isEqualTo(game.name());
        assertThat(back.numPlayers()).isEqualTo(game.numPlayers());
        assertThat(back.type()).isEqualTo(game.type());
        GameConformance.Report report = GameConformance.check(back);
        assertThat(report.exhaustive()).isTrue();
        assertThat(report.infosetsSeen()).isEqualTo(tree.numInfosets());

        GameTree again = GameTree.compile(back);
        SameGame.assertSameGame(tree, again);
        for (int i = 0; i < tree.numInfosets(); i++) {
            // Infoset i of the original is infoset i again (same visiting order), named by its original key.
            assertThat(again.infosetKey(i)).endsWith(":" + tree.infosetKey(i));
        }
        // Utility bounds of the file are the actual extremes, within the game's declared bounds.
        assertThat(back.minUtility()).isGreaterThanOrEqualTo(game.minUtility());
        assertThat(back.maxUtility()).isLessThanOrEqualTo(game.maxUtility());
    }
}
