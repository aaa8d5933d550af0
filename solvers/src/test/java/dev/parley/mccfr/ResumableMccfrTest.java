package dev.parley.mccfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.poker.LeducPoker;
import dev.parley.eval.BestResponse;
import dev.parley.eval.Exploitability;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.TabularPolicy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Saving and resuming a solver on a game, and the sampled best response against a fixed policy. */
class ResumableMccfrTest {

    private static final Game LEDUC_GAME = new LeducPoker();
    private static final GameTree LEDUC = GameTree.compile(LEDUC_GAME);

    @Test
    void aResumedRunContinuesExactlyAsTheUninterruptedOne() throws IOException {
        for (MccfrSolver.Sampling s : MccfrSolver.Sampling.values()) {
            MccfrSolver whole = MccfrSolver.resumableOnGame(LEDUC_GAME, s, 11);
            whole.run(400);
            MccfrSolver first = MccfrSolver.resumableOnGame(LEDUC_GAME, s, 11);
            first.run(150);
            ByteArrayOutputStream saved = new ByteArrayOutputStream();
            first.save(saved);
            MccfrSolver resumed = MccfrSolver.resume(LEDUC_GAME, new ByteArrayInputStream(saved.toByteArray()));
            assertThat(resumed.iterations()).isEqualTo(150);
            assertThat(resumed.sampling()).isEqualTo(s);
            resumed.run(250);
            assertThat(resumed.averagePolicy()).as(s.cliName()).isEqualTo(whole.averagePolicy());
            assertThat(resumed.currentPolicy()).isEqualTo(whole.currentPolicy());
        }
    }

    @Test
    void aSavedSolverIsRefusedForAnotherGameOrWhenItIsNotOne() throws IOException {
        MccfrSolver solver = MccfrSolver.resumableOnGame(LEDUC_GAME, MccfrSolver.Sampling.OUTCOME, 1);
        solver.run(10);
        ByteArrayOutputStream saved = new ByteArrayOutputStream();
        solver.save(saved);
        assertThatThrownBy(() -> MccfrSolver.resume(new KuhnPoker(2), new ByteArrayInputStream(saved.toByteArray())))
                .isInstanceOf(IOException.class).hasMessageContaining("not kuhn");
        assertThatThrownBy(() -> MccfrSolver.resume(LEDUC_GAME, new ByteArrayInputStream("hello".getBytes())))
                .isInstanceOf(IOException.class).hasMessageContaining("not a saved");
        assertThatThrownBy(() -> MccfrSolver.onGame(LEDUC_GAME, MccfrSolver.Sampling.OUTCOME, 1)
                .save(new ByteArrayOutputStream())).isInstanceOf(IllegalStateException.class);
    }

    /**
     * Against a fixed profile (uniform, then a CFR-ish average) the sampled response's exact value approaches the
     * exact best response's (BestResponse on the tree): within 5% of Leduc's payoff range after 30,000 iterations;
     * and it never exceeds it (a policy is never better than the best response).
     */
    @Test
    void theSampledBestResponseApproachesTheExactOne() {
        TabularPolicy uniform = TabularPolicy.uniform(LEDUC);
        MccfrSolver trained = MccfrSolver.onTree(LEDUC, MccfrSolver.Sampling.EXTERNAL, 3);
        trained.run(200);
        for (TabularPolicy fixed : new TabularPolicy[] {uniform, trained.averagePolicy()}) {
            double[] fixedSlots = fixed.toSlots(LEDUC);
            for (int p = 0; p < 2; p++) {
                MccfrSolver br = MccfrSolver.bestResponse(LEDUC_GAME, p, fixed, 5 + p);
                br.run(30_000);
                double[] mixed = fixedSlots.clone();
                double[] mine = br.currentPolicy().toSlots(LEDUC);
                for (int i = 0; i < LEDUC.numInfosets(); i++) {
                    if (LEDUC.infosetPlayer(i) == p) {
                        System.arraycopy(mine, LEDUC.slotStart(i), mixed, LEDUC.slotStart(i), LEDUC.actionCount(i));
                    }
                }
                double sampled = Exploitability.expectedValues(LEDUC, mixed)[p];
                double best = BestResponse.compute(LEDUC, fixedSlots, p).value();
                double range = LEDUC.maxUtility() - LEDUC.minUtility();
                assertThat(sampled).as("player " + p).isLessThanOrEqualTo(best + 1e-9)
                        .isGreaterThan(best - 0.05 * range);
            }
        }
    }
}
