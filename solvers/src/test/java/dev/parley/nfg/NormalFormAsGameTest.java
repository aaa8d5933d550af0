package dev.parley.nfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.game.NormalFormGame;
import dev.parley.game.testkit.GameConformance;
import org.junit.jupiter.api.Test;

/** The matrix games that tree solvers run on pass the game conformance kit, compiled-tree checks included. */
class NormalFormAsGameTest {

    @Test
    void everyKindOfTestGamePassesTheConformanceKit() {
        for (NormalFormGame g : MetaSolverContractTest.games()) {
            GameConformance.Report r = GameConformance.check(new NormalFormAsGame(g));
            assertThat(r.treeChecked()).as(g.title()).isTrue();
            // one infoset per player: nobody sees an earlier move
            assertThat(r.infosetsSeen()).as(g.title()).isEqualTo(g.numPlayers());
        }
    }
}
