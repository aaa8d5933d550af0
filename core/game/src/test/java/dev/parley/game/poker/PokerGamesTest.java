package dev.parley.game.poker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.State;
import dev.parley.game.testkit.GameConformance;
import org.junit.jupiter.api.Test;

/** Sizes from OpenSpiel (docs/references.md), conformance, and hand-checked payoffs. */
class PokerGamesTest {

    @Test
    void kuhnHasOpenSpielsSizes() {
        GameTree tree = GameTree.compile(new KuhnPoker());
        assertThat(tree.numNodes()).isEqualTo(58);
        assertThat(tree.numChanceNodes()).isEqualTo(4);
        assertThat(tree.numDecisionNodes()).isEqualTo(24);
        assertThat(tree.numTerminalNodes()).isEqualTo(30);
        assertThat(tree.numInfosets()).isEqualTo(12);
    }

    @Test
    void leducHasOpenSpielsSizes() {
        GameTree tree = GameTree.compile(new LeducPoker());
        assertThat(tree.numNodes()).isEqualTo(9457);
        assertThat(tree.numChanceNodes()).isEqualTo(157);
        assertThat(tree.numDecisionNodes()).isEqualTo(3780);
        assertThat(tree.numTerminalNodes()).isEqualTo(5520);
        assertThat(tree.numInfosets()).isEqualTo(936);
    }

    @Test
    void leducWithMoreRanksHasTheInfosetsItsRulesCount() {
        // A round has 6 decision points (-, c, r, cr, rr, crr) and 5 ways into the next round (cc, rc, crc, rrc,
        // crrc); with 2R cards: 2R own cards x 6 in round 1, 2R own x (2R - 1) boards x 5 x 6 in round 2.
        for (int ranks : new int[] {2, 3, 4}) {
            int cards = 2 * ranks;
            GameTree tree = GameTree.compile(new LeducPoker(ranks));
            assertThat(tree.numInfosets()).as(ranks + " ranks").isEqualTo(cards * 6 + cards * (cards - 1) * 5 * 6);
        }
        assertThat(new LeducPoker(3).name()).isEqualTo("leduc_poker");
        assertThat(new LeducPoker(4).name()).isEqualTo("leduc_poker(ranks=4)");
        assertThatThrownBy(() -> new LeducPoker(1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyPokerGamePassesTheConformanceKit() {
        for (Game g : new Game[] {new KuhnPoker(2), new KuhnPoker(3), new KuhnPoker(4), new LeducPoker(),
                new LeducPoker(4)}) {
            GameConformance.Report report = GameConformance.check(g);
            assertThat(report.exhaustive()).as(g.name()).isTrue();
            assertThat(report.infosetsSeen()).as(g.name()).isPositive();
        }
    }

    @Test
    void kuhnPayoffs() {
        // Player 0 holds K (2), player 1 holds J (0).
        State s = new KuhnPoker().initialState().child(2).child(0);
        assertThat(s.child(KuhnPoker.PASS).child(KuhnPoker.PASS).returns()).containsExactly(1, -1);
        assertThat(s.child(KuhnPoker.BET).child(KuhnPoker.BET).returns()).containsExactly(2, -2);
        assertThat(s.child(KuhnPoker.BET).child(KuhnPoker.PASS).returns()).containsExactly(1, -1);
        assertThat(s.child(KuhnPoker.PASS).child(KuhnPoker.BET).child(KuhnPoker.PASS).returns())
                .containsExactly(-1, 1);
        assertThat(s.child(KuhnPoker.PASS).child(KuhnPoker.BET).child(KuhnPoker.BET).returns())
                .containsExactly(2, -2);
    }

    @Test
    void threePlayerKuhnFoldsAndCalls() {
        // Cards: p0=1, p1=3, p2=0. p0 bets, p1 calls, p2 folds: p1 wins the pot of 5.
        State s = new KuhnPoker(3).initialState().child(1).child(3).child(0);
        State end = s.child(KuhnPoker.BET).child(KuhnPoker.BET).child(KuhnPoker.PASS);
        assertThat(end.isTerminal()).isTrue();
        assertThat(end.returns()).containsExactly(-2, 3, -1);
    }

    @Test
    void leducPairBeatsHighCardAndFoldLosesStake() {
        // p0: J (0), p1: K (4); p0 raises, p1 calls (both 3); check-check; public J (1): p0 pairs.
        State s = new LeducPoker().initialState().child(0).child(4);
        assertThat(s.legalActions()).containsExactly(LeducPoker.CALL, LeducPoker.RAISE);
        State r2 = s.child(LeducPoker.RAISE).child(LeducPoker.CALL);
        assertThat(r2.isChance()).isTrue();
        State show = r2.child(1).child(LeducPoker.CALL).child(LeducPoker.CALL);
        assertThat(show.returns()).containsExactly(3, -3);
        State fold = s.child(LeducPoker.RAISE).child(LeducPoker.FOLD);
        assertThat(fold.returns()).containsExactly(1, -1);
        assertThatThrownBy(() -> s.child(LeducPoker.FOLD)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void leducInfosetsHideTheOpponentsCard() {
        State a = new LeducPoker().initialState().child(0).child(4);
        State b = new LeducPoker().initialState().child(0).child(2);
        assertThat(a.infoStateKey(0)).isEqualTo(b.infoStateKey(0));
        assertThat(a.infoStateKey(1)).isNotEqualTo(b.infoStateKey(1));
    }
}
