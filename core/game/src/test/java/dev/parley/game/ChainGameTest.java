package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.game.testkit.GameConformance;
import org.junit.jupiter.api.Test;

/** The payoff rules of the shared test chain, as DeepGameTreeTest and ExploitabilityTest each had them. */
class ChainGameTest {

    private static State after(Game g, int... actions) {
        State s = g.initialState();
        for (int a : actions) {
            s = s.child(a);
        }
        return s;
    }

    @Test
    void stepsPaysTheSinglePlayerTheStepsItWent() {
        ChainGame g = new ChainGame(3, ChainGame.Payoff.STEPS);
        assertThat(GameConformance.check(g).treeChecked()).isTrue();
        assertThat(g.numPlayers()).isEqualTo(1);
        assertThat(after(g, 1, 0).currentPlayer()).isEqualTo(State.TERMINAL);
        assertThat(after(g, 1, 0).returns()).containsExactly(1);
        assertThat(after(g, 1, 1, 1).returns()).containsExactly(3);
        assertThat(after(g, 1, 1).currentPlayer()).isZero();
        assertThat(after(g, 1, 1).infoStateKey(0)).isEqualTo("2");
    }

    @Test
    void stopperPaysOneToTheOtherAndTheEndPaysNothing() {
        ChainGame g = new ChainGame(3, ChainGame.Payoff.STOPPER_PAYS_ONE);
        assertThat(GameConformance.check(g).treeChecked()).isTrue();
        assertThat(g.type().utility()).isEqualTo(GameType.Utility.ZERO_SUM);
        assertThat(after(g, 1).currentPlayer()).isEqualTo(1);
        assertThat(after(g, 0).returns()).containsExactly(-1, 1);
        assertThat(after(g, 1, 0).returns()).containsExactly(1, -1);
        assertThat(after(g, 1, 1, 1).returns()).containsExactly(0, 0);
        assertThat(after(g, 1, 1).actionLabel(0)).isEqualTo("stop");
    }
}
