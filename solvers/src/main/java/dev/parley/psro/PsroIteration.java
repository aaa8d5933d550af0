package dev.parley.psro;

import dev.parley.nfg.EmpiricalGame;
import dev.parley.nfg.MetaSolution;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One PSRO iteration, as reported: the population it solved, the meta-strategy the meta-solver chose, the NashConv
 * of the induced behavioural mixture (when a tree is available), and the simulations spent in this iteration
 * (meta-game entries plus oracle calls).
 *
 * @param iteration    1-based
 * @param population   each player's strategy names
 * @param metaStrategy each player's weights over its population (marginals for correlated meta-solvers)
 * @param nashConv     NashConv of the meta-mixture in the full game, if computable
 * @param simulations  playouts used this iteration
 * @param metaGame     the empirical meta-game that was solved
 * @param solution     the meta-solver's full answer
 * @param added        names of the strategies added after this iteration (duplicates of members are not added)
 */
public record PsroIteration(int iteration, List<List<String>> population, List<double[]> metaStrategy,
                            OptionalDouble nashConv, long simulations, EmpiricalGame metaGame, MetaSolution solution,
                            List<String> added) {
    public PsroIteration {
        population = population.stream().map(List::copyOf).toList();
        metaStrategy = metaStrategy.stream().map(double[]::clone).toList();
        added = List.copyOf(added);
    }
}
