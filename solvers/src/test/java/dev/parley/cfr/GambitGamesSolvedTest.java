package dev.parley.cfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parley.eval.Exploitability;
import dev.parley.gambit.Efg;
import dev.parley.game.GameTree;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A small two-player zero-sum game written by hand as a Gambit file (core's test resources), with chance and
 * information sets, solved to the value derived by hand in the file's comment: one-card poker, value 7/25 for
 * player 1; the unique equilibrium bets Low with probability 2/5 and calls with probability 2/5.
 */
class GambitGamesSolvedTest {

    private static GameTree load(String resource) throws IOException {
        try (InputStream in = GambitGamesSolvedTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return GameTree.compile(Efg.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource));
        }
    }

    @Test
    void oneCardPokerIsSolvedToItsHandDerivedValue() throws IOException {
        GameTree tree = load("/gambit/one_card_poker.efg");
        for (CfrVariant v : CfrVariant.values()) {
            CfrSolver solver = new CfrSolver(tree, v);
            solver.run(2000);
            double[] avg = solver.averagePolicySlots();
            assertThat(Exploitability.expectedValues(tree, avg)[0]).as(v.name()).isCloseTo(7.0 / 25, within(2e-3));
            assertThat(Exploitability.nashConv(tree, avg)).as(v.name()).isLessThan(5e-3);
            int low = tree.infosetIndex("1:2:Ann holds Low");
            int call = tree.infosetIndex("2:1:Bob facing a bet");
            assertThat(low).isNotNegative();
            assertThat(call).isNotNegative();
            double betLow = probabilityOf(tree, avg, low, "bet");
            assertThat(betLow).as(v.name() + " bluff frequency").isCloseTo(0.4, within(0.02));
            assertThat(probabilityOf(tree, avg, call, "call")).as(v.name() + " call frequency")
                    .isCloseTo(0.4, within(0.02));
        }
    }

    private static double probabilityOf(GameTree tree, double[] slots, int infoset, String label) {
        for (int s = tree.slotStart(infoset); s < tree.slotStart(infoset) + tree.actionCount(infoset); s++) {
            if (tree.slotLabel(s).equals(label)) {
                return slots[s];
            }
        }
        throw new AssertionError("no action " + label + " at " + tree.infosetKey(infoset));
    }
}
