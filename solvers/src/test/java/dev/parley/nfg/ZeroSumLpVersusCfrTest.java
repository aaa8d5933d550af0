package dev.parley.nfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.cfr.CfrSolver;
import dev.parley.cfr.CfrVariant;
import dev.parley.eval.Exploitability;
import dev.parley.gambit.Efg;
import dev.parley.game.GameTree;
import dev.parley.game.NormalFormGame;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The zero-sum LP against an independent method: the same random matrix game written as a Gambit {@code .efg}
 * (player 2 does not see player 1's move), read back, compiled and solved by CFR+. The CFR+ average profile's value
 * v and NashConv c bracket the game value: |v - value| <= c. The LP value must lie in that bracket, and CFR+ must
 * have got close (c <= 5e-3 on payoffs in [-10, 10]).
 */
class ZeroSumLpVersusCfrTest {

    @Test
    void lpValueMatchesCfrOnTheSameGameWrittenAsEfg() {
        Random rng = new Random(424242);
        for (int trial = 0; trial < 12; trial++) {
            NormalFormGame g = TestGames.randomZeroSum(rng, 2 + rng.nextInt(7), 2 + rng.nextInt(7));
            double lp = new ZeroSumLpSolver().solveZeroSum(g).value();

            String efg = Efg.write(GameTree.compile(new NormalFormAsGame(g)));
            GameTree tree = GameTree.compile(Efg.parse(efg, "random-" + trial + ".efg"));
            CfrSolver cfr = new CfrSolver(tree, CfrVariant.CFR_PLUS);
            cfr.run(20_000);
            double[] avg = cfr.averagePolicySlots();
            double value = Exploitability.expectedValues(tree, avg)[0];
            double nashConv = Exploitability.nashConv(tree, avg);

            assertThat(nashConv).as("CFR+ converged on %s", g).isLessThanOrEqualTo(5e-3);
            assertThat(Math.abs(value - lp)).as("LP value %s vs CFR+ %s (NashConv %s)", lp, value, nashConv)
                    .isLessThanOrEqualTo(nashConv + 1e-9);
        }
    }
}
