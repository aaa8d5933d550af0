package dev.parley.psro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.parley.game.poker.KuhnPoker;
import dev.parley.eval.BestResponse;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.NormalFormGame;
import dev.parley.game.TabularPolicy;
import dev.parley.nfg.MetaSolverException;
import dev.parley.nfg.MetaSolvers;
import dev.parley.nfg.NormalFormAsGame;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PsroTest {

    private static final GameTree KUHN = GameTree.compile(new KuhnPoker(2));

    @Test
    void behaviouralMixtureEqualsTheMixtureOfPolicies() {
        Random rng = new Random(11);
        double[] a = randomSlots(KUHN, rng);
        double[] b = randomSlots(KUHN, rng);
        double[] opponent = randomSlots(KUHN, rng);
        double[] w = {0.3, 0.7};
        double[] mixed = opponent.clone();
        PopulationMixture.mixInto(KUHN, 0, List.of(a, b), w, mixed);
        double[] va = Exploitability.expectedValues(KUHN, withPlayer(KUHN, 0, a, opponent));
        double[] vb = Exploitability.expectedValues(KUHN, withPlayer(KUHN, 0, b, opponent));
        double[] vm = Exploitability.expectedValues(KUHN, mixed);
        assertThat(vm[0]).isCloseTo(w[0] * va[0] + w[1] * vb[0], within(1e-12));
        assertThat(vm[1]).isCloseTo(w[0] * va[1] + w[1] * vb[1], within(1e-12));

        // The naive per-infoset average (ignoring own reach) is a different, wrong policy here.
        double[] naive = opponent.clone();
        for (int i = 0; i < KUHN.numInfosets(); i++) {
            if (KUHN.infosetPlayer(i) == 0) {
                for (int s = KUHN.slotStart(i); s < KUHN.slotStart(i) + KUHN.actionCount(i); s++) {
                    naive[s] = w[0] * a[s] + w[1] * b[s];
                }
            }
        }
        double[] vn = Exploitability.expectedValues(KUHN, naive);
        assertThat(Math.abs(vn[0] - vm[0])).isGreaterThan(1e-4);
    }

    @Test
    void psroWithExactBestResponsesAndNashSolvesKuhnPoker() {
        Psro psro = new Psro(new KuhnPoker(2), new Psro.Config(MetaSolvers.require("nash"),
                new ExactBestResponseOracle(KUHN), new TreeEvaluator(KUHN), KUHN, 1));
        List<PsroIteration> its = psro.run(30);
        assertThat(its.get(0).nashConv().getAsDouble()).isCloseTo(11 / 12.0, within(1e-9)); // uniform start
        double best = its.stream().mapToDouble(i -> i.nashConv().getAsDouble()).min().orElseThrow();
        assertThat(best).isLessThanOrEqualTo(0.01);
        // The meta-game value approaches Kuhn's -1/18 for player 0.
        PsroIteration last = its.get(its.size() - 1);
        assertThat(last.solution().payoffs()[0]).isCloseTo(-1 / 18.0, within(0.01));
        assertThat(last.simulations()).isZero(); // exact evaluation and oracle
    }

    @Test
    void psroOnRockPaperScissorsRecoversTheUniformEquilibrium() {
        double[][] a = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};
        NormalFormGame rps = NormalFormGame.bimatrix("rps", a, negate(a));
        NormalFormAsGame game = new NormalFormAsGame(rps);
        GameTree tree = GameTree.compile(game);
        List<List<Strategy>> rock = List.of(List.of(pure(tree, 0, 0)), List.of(pure(tree, 1, 0)));
        Psro psro = new Psro(game, new Psro.Config(MetaSolvers.require("nash"), new ExactBestResponseOracle(tree),
                new TreeEvaluator(tree), tree, 1), rock);
        List<PsroIteration> its = psro.run(6);
        PsroIteration last = its.get(its.size() - 1);
        // Rock -> paper -> scissors: the third iteration solves the full 3x3 game.
        assertThat(its.get(2).population().get(0)).containsExactly("a0", "br1", "br2");
        assertThat(its.get(2).nashConv().getAsDouble()).isLessThanOrEqualTo(1e-9);
        assertThat(last.population().get(0)).hasSize(3);
        assertThat(last.nashConv().getAsDouble()).isLessThanOrEqualTo(1e-9);
        double[] slots = PopulationMixture.metaProfileSlots(tree, psro.populations(), last.metaStrategy());
        assertThat(slots).containsExactly(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0, 1 / 3.0, 1 / 3.0, 1 / 3.0},
                within(1e-9));
        assertThat(last.added()).isEmpty(); // closed under best response
    }

    @Test
    void generatorOracleKeepsTheBestCandidateAndSolvesRps() {
        double[][] a = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};
        NormalFormAsGame game = new NormalFormAsGame(NormalFormGame.bimatrix("rps", a, negate(a)));
        GameTree tree = GameTree.compile(game);
        // The "generator" proposes random pure moves, as a language model would propose new instructions.
        CandidateGenerator generator = (player, population, count, rng) -> {
            List<Strategy> out = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                out.add(pure(tree, player, rng.nextInt(3)));
            }
            return out;
        };
        GeneratorOracle oracle = new GeneratorOracle(generator, 3, new TreeEvaluator(tree));
        List<List<Strategy>> rock = List.of(List.of(pure(tree, 0, 0)), List.of(pure(tree, 1, 0)));
        Psro psro = new Psro(game, new Psro.Config(MetaSolvers.require("nash"), oracle, new TreeEvaluator(tree),
                tree, 5), rock);
        List<PsroIteration> its = psro.run(12);
        assertThat(its.stream().mapToDouble(i -> i.nashConv().getAsDouble()).min().orElseThrow())
                .isLessThanOrEqualTo(1e-9);
    }

    @Test
    void sampledBestResponseApproachesTheExactOne() {
        KuhnPoker kuhn = new KuhnPoker(2);
        List<List<Strategy>> uniform = Psro.uniformPopulations(kuhn);
        double[] uniformSlots = PopulationMixture.metaProfileSlots(KUHN, uniform, List.of(new double[] {1},
                new double[] {1}));
        for (int p = 0; p < 2; p++) {
            ResponseOracle.Response r = new SampledBestResponseOracle(20_000).respond(new ResponseOracle.Context(
                    kuhn, p, uniform, List.of(new double[] {1}, new double[] {1}), 1, new Random(3)));
            double exact = BestResponse.compute(KUHN, uniformSlots, p).value();
            // OpenSpiel: best response to uniform is worth 0.5 (player 0) and 0.41666 (player 1).
            assertThat(exact).isCloseTo(p == 0 ? 0.5 : 5 / 12.0, within(1e-12));
            assertThat(r.value()).isCloseTo(exact, within(0.03));
            double[] profile = uniformSlots.clone();
            double[] own = PopulationMixture.slots(KUHN, r.strategy().policy());
            PopulationMixture.mixInto(KUHN, p, List.of(own), new double[] {1}, profile);
            double achieved = Exploitability.expectedValues(KUHN, profile)[p];
            assertThat(achieved).isGreaterThanOrEqualTo(exact - 0.02);
            assertThat(r.simulations()).isGreaterThan(20_000);
        }
    }

    @Test
    void psroWithSimulationsImprovesOnUniformInKuhn() {
        KuhnPoker kuhn = new KuhnPoker(2);
        Psro psro = new Psro(kuhn, new Psro.Config(MetaSolvers.require("nash"), new SampledBestResponseOracle(2000),
                new SimulationEvaluator(kuhn, 2000), KUHN, 7));
        List<PsroIteration> its = psro.run(8);
        assertThat(its.get(0).simulations()).isGreaterThan(2000);
        assertThat(its.get(its.size() - 1).metaGame().totalSamples()).isGreaterThan(0);
        double best = its.stream().mapToDouble(i -> i.nashConv().getAsDouble()).min().orElseThrow();
        assertThat(best).isLessThan(0.3); // uniform is 11/12
    }

    @Test
    void threePlayerKuhnNeedsAnNPlayerMetaSolver() {
        KuhnPoker kuhn3 = new KuhnPoker(3);
        GameTree tree = GameTree.compile(kuhn3);
        Psro nash = new Psro(kuhn3, new Psro.Config(MetaSolvers.require("nash"), new ExactBestResponseOracle(tree),
                new TreeEvaluator(tree), tree, 1));
        assertThatThrownBy(nash::step).isInstanceOf(MetaSolverException.class).hasMessageContaining("3 players");
        Psro rm = new Psro(kuhn3, new Psro.Config(MetaSolvers.require("prd"), new ExactBestResponseOracle(tree),
                new TreeEvaluator(tree), tree, 1));
        List<PsroIteration> its = rm.run(5);
        assertThat(its.get(0).nashConv().getAsDouble()).isCloseTo(2.0625, within(1e-9)); // OpenSpiel's uniform
        assertThat(its.get(4).nashConv().getAsDouble()).isLessThan(2.0625);
    }

    static Strategy pure(GameTree tree, int player, int action) {
        double[] slots = new double[tree.numSlots()];
        for (int i = 0; i < tree.numInfosets(); i++) {
            slots[tree.slotStart(i) + (tree.infosetPlayer(i) == player ? action : 0)] = 1;
        }
        TabularPolicy all = TabularPolicy.fromSlots(tree, slots);
        Map<String, TabularPolicy.Row> own = new java.util.LinkedHashMap<>();
        all.rows().forEach((k, r) -> {
            if (r.player() == player) {
                own.put(k, r);
            }
        });
        return new Strategy("a" + action, new TabularPolicy(tree.name(), own));
    }

    private static double[] randomSlots(GameTree tree, Random rng) {
        double[] s = new double[tree.numSlots()];
        for (int i = 0; i < tree.numInfosets(); i++) {
            double total = 0;
            for (int k = 0; k < tree.actionCount(i); k++) {
                s[tree.slotStart(i) + k] = rng.nextDouble();
                total += s[tree.slotStart(i) + k];
            }
            for (int k = 0; k < tree.actionCount(i); k++) {
                s[tree.slotStart(i) + k] /= total;
            }
        }
        return s;
    }

    private static double[] withPlayer(GameTree tree, int player, double[] own, double[] others) {
        double[] s = others.clone();
        for (int i = 0; i < tree.numInfosets(); i++) {
            if (tree.infosetPlayer(i) == player) {
                for (int k = tree.slotStart(i); k < tree.slotStart(i) + tree.actionCount(i); k++) {
                    s[k] = own[k];
                }
            }
        }
        return s;
    }

    private static double[][] negate(double[][] a) {
        double[][] b = new double[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                b[i][j] = -a[i][j];
            }
        }
        return b;
    }
}
