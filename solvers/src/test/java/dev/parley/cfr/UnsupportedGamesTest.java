package dev.parley.cfr;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.game.ForgetfulGame;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.GameType;
import dev.parley.game.TinyGame;
import dev.parley.game.UnsupportedGameException;
import dev.parley.mccfr.MccfrSolver;
import org.junit.jupiter.api.Test;

/** Every solver reads the game's type and recall before it runs, and refuses what it cannot solve. */
class UnsupportedGamesTest {

    @Test
    void imperfectRecallIsRefusedByEverySolverOnATree() {
        GameTree forgetful = GameTree.compile(new ForgetfulGame());
        for (CfrVariant v : CfrVariant.values()) {
            assertThatThrownBy(() -> new CfrSolver(forgetful, v)).isInstanceOf(UnsupportedGameException.class)
                    .hasMessageStartingWith(v.title() + " cannot solve 'forgetful': it lacks perfect recall");
        }
        for (MccfrSolver.Sampling s : MccfrSolver.Sampling.values()) {
            assertThatThrownBy(() -> MccfrSolver.onTree(forgetful, s, 1)).isInstanceOf(UnsupportedGameException.class)
                    .hasMessageStartingWith(s.title() + " cannot solve 'forgetful'");
        }
        assertThatThrownBy(() -> MccfrSolver.outcomeSampling(forgetful, 1, 0.5))
                .isInstanceOf(UnsupportedGameException.class);
    }

    @Test
    void simultaneousMovesAreRefusedOnATreeAndOnAGame() {
        Game sim = new TinyGame(false) {
            @Override
            public GameType type() {
                return new GameType(GameType.Dynamics.SIMULTANEOUS, GameType.ChanceMode.EXPLICIT,
                        GameType.Information.IMPERFECT, GameType.Utility.ZERO_SUM);
            }
        };
        assertThatThrownBy(() -> new CfrSolver(GameTree.compile(sim), CfrVariant.CFR_PLUS))
                .isInstanceOf(UnsupportedGameException.class)
                .hasMessageStartingWith("CFR+ cannot solve 'tiny': its players move simultaneously");
        assertThatThrownBy(() -> MccfrSolver.onGame(sim, MccfrSolver.Sampling.EXTERNAL, 1))
                .isInstanceOf(UnsupportedGameException.class)
                .hasMessageStartingWith("external-sampling MCCFR cannot solve 'tiny'");
    }
}
