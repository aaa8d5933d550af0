package dev.parley.cli;

import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.State;
import dev.parley.game.TabularPolicy;
import dev.parley.solver.SolverFamily;
import dev.parley.solver.SolverKind;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * A third solver family, known to the command line only through {@code META-INF/services}: {@code uniform}, exact,
 * answers the uniform policy of the compiled tree; {@code uniform-playouts}, sampled, plays one uniformly random
 * playout of the game per iteration and answers the uniform policy over the infosets met. Both are solvers only in
 * the interface's sense, which is the point: their figures are known in advance.
 */
public final class UniformSolvers implements SolverFamily {

    @Override
    public List<SolverKind> kinds() {
        return List.of(new Exact(), new Playouts());
    }

    record Exact() implements SolverKind {
        @Override
        public String name() {
            return "uniform";
        }

        @Override
        public boolean sampled() {
            return false;
        }

        @Override
        public IterativeSolver onTree(GameTree tree, long seed) {
            TabularPolicy uniform = TabularPolicy.uniform(tree);
            return new Counting(() -> uniform);
        }
    }

    record Playouts() implements SolverKind {
        @Override
        public String name() {
            return "uniform-playouts";
        }

        @Override
        public boolean sampled() {
            return true;
        }

        /** On a compiled tree every infoset is known already: its uniform policy. */
        @Override
        public IterativeSolver onTree(GameTree tree, long seed) {
            return new Exact().onTree(tree, seed);
        }

        @Override
        public IterativeSolver onGame(Game game, long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            Map<String, TabularPolicy.Row> met = new LinkedHashMap<>();
            return new Counting(() -> new TabularPolicy(game.name(), new LinkedHashMap<>(met))) {
                @Override
                public void iterate() {
                    super.iterate();
                    State s = game.initialState();
                    while (!s.isTerminal()) {
                        s = s.child(s.isChance() ? draw(s.chanceOutcomes(), random) : meet(s, met, random));
                    }
                }
            };
        }

        private static int draw(List<ChanceOutcome> outcomes, SplittableRandom random) {
            double u = random.nextDouble();
            for (ChanceOutcome o : outcomes) {
                u -= o.probability();
                if (u < 0) {
                    return o.action();
                }
            }
            return outcomes.get(outcomes.size() - 1).action();
        }

        private static int meet(State s, Map<String, TabularPolicy.Row> met, SplittableRandom random) {
            int player = s.currentPlayer();
            int[] actions = s.legalActions();
            met.computeIfAbsent(s.infoStateKey(player), k -> {
                String[] labels = Arrays.stream(actions).mapToObj(s::actionLabel).toArray(String[]::new);
                double[] p = new double[actions.length];
                Arrays.fill(p, 1.0 / actions.length);
                return new TabularPolicy.Row(player, actions, labels, p);
            });
            return actions[random.nextInt(actions.length)];
        }
    }

    /** Counts iterations; the policy is what {@code policy} answers. */
    private static class Counting implements IterativeSolver {
        private final Supplier<TabularPolicy> policy;
        private int iterations;

        Counting(Supplier<TabularPolicy> policy) {
            this.policy = policy;
        }

        @Override
        public void iterate() {
            iterations++;
        }

        @Override
        public int iterations() {
            return iterations;
        }

        @Override
        public TabularPolicy averagePolicy() {
            return policy.get();
        }
    }
}
