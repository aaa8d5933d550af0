package dev.parley.gambit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.game.GameTree;
import java.util.HashMap;
import java.util.Map;

/**
 * Asserts that two compiled trees are the same game node for node: shape, players, chance probabilities, terminal
 * utilities, edge labels, and the same infoset partition (a one-to-one map between infosets that preserves players
 * and action labels). Infoset keys may differ; the tests that care about them check them separately.
 */
public final class SameGame {

    private SameGame() {
    }

    public static void assertSameGame(GameTree expected, GameTree actual) {
        assertThat(actual.numPlayers()).as("players").isEqualTo(expected.numPlayers());
        assertThat(actual.numNodes()).as("nodes").isEqualTo(expected.numNodes());
        assertThat(actual.numChanceNodes()).as("chance nodes").isEqualTo(expected.numChanceNodes());
        assertThat(actual.numDecisionNodes()).as("decision nodes").isEqualTo(expected.numDecisionNodes());
        assertThat(actual.numTerminalNodes()).as("terminal nodes").isEqualTo(expected.numTerminalNodes());
        assertThat(actual.numInfosets()).as("infosets").isEqualTo(expected.numInfosets());
        int n = expected.numPlayers();
        Map<Integer, Integer> forward = new HashMap<>();
        Map<Integer, Integer> backward = new HashMap<>();
        for (int node = 0; node < expected.numNodes(); node++) {
            String at = "node " + node;
            assertThat(actual.player(node)).as(at + " player").isEqualTo(expected.player(node));
            assertThat(actual.parent(node)).as(at + " parent").isEqualTo(expected.parent(node));
            assertThat(actual.childCount(node)).as(at + " children").isEqualTo(expected.childCount(node));
            assertThat(actual.firstChild(node)).as(at + " first child").isEqualTo(expected.firstChild(node));
            assertThat(actual.chanceProbability(node)).as(at + " chance probability")
                    .isEqualTo(expected.chanceProbability(node));
            assertThat(actual.actionLabel(node)).as(at + " label").isEqualTo(expected.actionLabel(node));
            for (int p = 0; p < n; p++) {
                assertThat(actual.utility(node, p)).as(at + " utility of " + p).isEqualTo(expected.utility(node, p));
            }
            int e = expected.infoset(node);
            int a = actual.infoset(node);
            assertThat(a < 0).as(at + " has an infoset").isEqualTo(e < 0);
            if (e >= 0) {
                Integer mappedForward = forward.putIfAbsent(e, a);
                Integer mappedBackward = backward.putIfAbsent(a, e);
                assertThat(mappedForward == null ? a : mappedForward).as(at + " infoset partition").isEqualTo(a);
                assertThat(mappedBackward == null ? e : mappedBackward).as(at + " infoset partition").isEqualTo(e);
                assertThat(actual.infosetPlayer(a)).isEqualTo(expected.infosetPlayer(e));
                assertThat(actual.actionCount(a)).isEqualTo(expected.actionCount(e));
                for (int k = 0; k < expected.actionCount(e); k++) {
                    assertThat(actual.slotLabel(actual.slotStart(a) + k)).as(at + " action label " + k)
                            .isEqualTo(expected.slotLabel(expected.slotStart(e) + k));
                }
            }
        }
    }
}
