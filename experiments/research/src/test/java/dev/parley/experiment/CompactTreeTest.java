package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.EngineBranching;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.DialogueDomains;
import dev.parley.game.poker.LeducPoker;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The compact tree: infoset keys kept as extensions of the player's previous key, and an offline dialogue game that
 * remembers nothing while it is compiled. Both must give exactly the tree a plain walk gives.
 */
class CompactTreeTest {

    private static final Domain FRUIT = DialogueDomains.find("fruit-trading").orElseThrow();

    private static DialogueGame fruit(DialogueGame.Memo memo) {
        return new DialogueGame(FRUIT, FRUIT.scenarios(4, 1), FRUIT.instructions(),
                new OfflineMoveGenerator(FRUIT.content()), RewardModel.exact(FRUIT), DialogueGame.Settings.of(3, 1),
                EngineBranching.COPY, memo);
    }

    @Test
    void everyDecisionNodesStateKeyIsItsInfosetsRebuiltKeyAndIsFoundByIt() {
        for (Game game : List.<Game>of(fruit(DialogueGame.Memo.ALL), new LeducPoker())) {
            GameTree tree = GameTree.compile(game);
            long wholeChars = 0;
            for (int i = 0; i < tree.numInfosets(); i++) {
                wholeChars += tree.infosetKey(i).length();
                assertThat(tree.infosetIndex(tree.infosetKey(i))).isEqualTo(i);
            }
            int[] decisions = {0};
            tree.forEachDecision(game, (node, state) -> {
                String key = state.infoStateKey(tree.player(node));
                assertThat(tree.infosetKey(tree.infoset(node))).isEqualTo(key);
                assertThat(tree.infosetIndex(key)).isEqualTo(tree.infoset(node));
                decisions[0]++;
            });
            assertThat(decisions[0]).isEqualTo(tree.numDecisionNodes());
            assertThat(tree.infosetIndex(tree.infosetKey(0) + "x")).isEqualTo(-1);
            if (game instanceof DialogueGame) {
                // a dialogue key repeats the transcript: stored as extensions it is a fraction of the whole (at 3
                // messages a player decides at most twice, so about half)
                assertThat(tree.infosetKeyChars()).isLessThan(wholeChars * 3 / 5);
            }
        }
    }

    @Test
    void aGameThatRemembersNothingCompilesToTheSameTreeAndTheSameBaseline() {
        DialogueGame all = fruit(DialogueGame.Memo.ALL);
        DialogueGame none = fruit(DialogueGame.Memo.NONE);
        GameTree a = GameTree.compile(all);
        BaselinePolicy.Collector collector = new BaselinePolicy.Collector(none);
        GameTree b = GameTree.compile(none, Integer.MAX_VALUE - 8, collector);
        assertThat(b.numNodes()).isEqualTo(a.numNodes());
        assertThat(b.numInfosets()).isEqualTo(a.numInfosets());
        for (int n = 0; n < a.numNodes(); n++) {
            assertThat(b.player(n)).isEqualTo(a.player(n));
            assertThat(b.action(n)).isEqualTo(a.action(n));
            assertThat(b.infoset(n)).isEqualTo(a.infoset(n));
            for (int p = 0; p < a.numPlayers(); p++) {
                assertThat(b.utility(n, p)).isEqualTo(a.utility(n, p));
            }
        }
        List<String> keysA = new ArrayList<>();
        List<String> keysB = new ArrayList<>();
        for (int i = 0; i < a.numInfosets(); i++) {
            keysA.add(a.infosetKey(i));
            keysB.add(b.infosetKey(i));
        }
        assertThat(keysB).isEqualTo(keysA);
        // the baseline learnt while compiling is the one a second walk of the remembering game finds
        assertThat(collector.slots(b)).containsExactly(BaselinePolicy.slots(all, a));
        assertThat(none.visited()).isEqualTo(new DialogueGame.Visited(0, 0, 0));
        assertThat(all.visited().messages()).isPositive();
    }
}
