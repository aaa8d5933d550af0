package dev.parley.psro;

import dev.parley.eval.Exploitability;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.Policy;
import dev.parley.game.TabularPolicy;
import dev.parley.nfg.EmpiricalGame;
import dev.parley.nfg.MetaSolution;
import dev.parley.nfg.MetaSolver;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Policy-Space Response Oracles (Lanctot et al., 2017) over any {@link Game}. Each iteration: complete the empirical
 * meta-game (evaluate every pure profile of the populations not yet evaluated), solve it with the meta-solver, ask
 * the response oracle for a new strategy per player against the others' meta-strategies, and add the new strategies.
 *
 * <p>A response equal to a member of the population is not added again (a duplicated strategy would make the
 * meta-game degenerate without changing it); when no player gains a new strategy, the populations are closed under
 * the oracle and, with exact best responses and a Nash meta-solver, the meta-mixture is a Nash equilibrium of the
 * game. Correlated meta-solvers contribute their marginals as meta-strategies.
 */
public final class Psro {

    private static final Logger LOG = LoggerFactory.getLogger(Psro.class);

    /**
     * @param metaSolver solves the meta-game
     * @param oracle     proposes new strategies
     * @param evaluator  fills meta-game entries
     * @param tree       a compiled tree for NashConv reporting, or null
     * @param seed       seeds every random choice (sampling evaluators and oracles)
     */
    public record Config(MetaSolver metaSolver, ResponseOracle oracle, ProfileEvaluator evaluator, GameTree tree,
                         long seed) {
        public Config {
            Objects.requireNonNull(metaSolver, "metaSolver");
            Objects.requireNonNull(oracle, "oracle");
            Objects.requireNonNull(evaluator, "evaluator");
        }
    }

    private final Game game;
    private final Config config;
    private final Random rng;
    private final List<List<Strategy>> populations = new ArrayList<>();
    private final EmpiricalGame.Builder meta;
    private int iteration;

    /** Starts from one uniform-random policy per player. */
    public Psro(Game game, Config config) {
        this(game, config, uniformPopulations(game));
    }

    public Psro(Game game, Config config, List<List<Strategy>> initial) {
        if (initial.size() != game.numPlayers()) {
            throw new IllegalArgumentException("need an initial population for each of " + game.numPlayers()
                    + " players");
        }
        this.game = game;
        this.config = config;
        this.rng = new Random(config.seed());
        List<String> players = new ArrayList<>();
        for (int p = 0; p < game.numPlayers(); p++) {
            players.add("player " + p);
        }
        this.meta = new EmpiricalGame.Builder(game.name() + " meta-game", players);
        for (int p = 0; p < game.numPlayers(); p++) {
            if (initial.get(p).isEmpty()) {
                throw new IllegalArgumentException("player " + p + " has an empty initial population");
            }
            populations.add(new ArrayList<>());
            for (Strategy s : initial.get(p)) {
                populations.get(p).add(s);
                meta.addStrategy(p, s.name());
            }
        }
    }

    /** One uniform policy per player (a policy with no rows plays uniformly everywhere). */
    public static List<List<Strategy>> uniformPopulations(Game game) {
        List<List<Strategy>> pops = new ArrayList<>();
        for (int p = 0; p < game.numPlayers(); p++) {
            pops.add(List.of(new Strategy("uniform", new TabularPolicy(game.name(), Map.of()))));
        }
        return pops;
    }

    /** Runs {@code count} iterations, passing each report to {@code listener} as it completes. */
    public List<PsroIteration> run(int count, Consumer<PsroIteration> listener) {
        List<PsroIteration> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            PsroIteration it = step();
            listener.accept(it);
            out.add(it);
        }
        return out;
    }

    public List<PsroIteration> run(int count) {
        return run(count, it -> { });
    }

    /** One iteration. */
    public PsroIteration step() {
        iteration++;
        long sims = completeMetaGame();
        EmpiricalGame empirical = meta.build();
        MetaSolution solution = config.metaSolver().solve(empirical.toNormalFormGame());
        List<double[]> metaStrategy = Arrays.asList(solution.profile());
        OptionalDouble nashConv = OptionalDouble.empty();
        if (config.tree() != null) {
            nashConv = OptionalDouble.of(Exploitability.nashConv(config.tree(),
                    PopulationMixture.metaProfileSlots(config.tree(), populations, metaStrategy)));
        }
        List<List<String>> names = populations.stream().map(l -> l.stream().map(Strategy::name).toList()).toList();

        List<Strategy> responses = new ArrayList<>();
        for (int p = 0; p < game.numPlayers(); p++) {
            ResponseOracle.Response r = config.oracle().respond(new ResponseOracle.Context(game, p, populations,
                    metaStrategy, iteration, rng));
            sims += r.simulations();
            responses.add(r.strategy());
        }
        List<String> added = new ArrayList<>();
        for (int p = 0; p < game.numPlayers(); p++) {
            Strategy s = responses.get(p);
            if (contains(populations.get(p), s.policy())) {
                continue;
            }
            String name = uniqueName(populations.get(p), s.name());
            populations.get(p).add(new Strategy(name, s.policy()));
            meta.addStrategy(p, name);
            added.add(name);
        }
        PsroIteration report = new PsroIteration(iteration, names, metaStrategy, nashConv, sims, empirical,
                solution, added);
        LOG.debug("PSRO iteration {}: population sizes {}, NashConv {}, added {}", iteration,
                names.stream().map(List::size).toList(), nashConv, added);
        return report;
    }

    /**
     * The behavioural policy of {@code it}'s meta-strategy on {@code tree}: each player mixes the population that
     * iteration solved (not the strategies added after it) by its weights, as its reported NashConv does.
     */
    public TabularPolicy policy(PsroIteration it, GameTree tree) {
        List<List<Strategy>> solved = new ArrayList<>();
        for (int p = 0; p < populations.size(); p++) {
            solved.add(populations.get(p).subList(0, it.population().get(p).size()));
        }
        return TabularPolicy.fromSlots(tree, PopulationMixture.metaProfileSlots(tree, solved, it.metaStrategy()));
    }

    /** The current populations (copies). */
    public List<List<Strategy>> populations() {
        return populations.stream().map(List::copyOf).toList();
    }

    /** Evaluates every pure profile of the populations that has no estimate yet; returns simulations used. */
    private long completeMetaGame() {
        int n = game.numPlayers();
        int[] index = new int[n];
        long sims = 0;
        while (true) {
            if (!meta.has(index)) {
                List<Policy> profile = new ArrayList<>();
                for (int p = 0; p < n; p++) {
                    profile.add(populations.get(p).get(index[p]).policy());
                }
                Evaluation e = config.evaluator().evaluate(profile, rng);
                meta.addEstimate(index, e.means(), e.standardErrors(), e.samples());
                sims += e.samples();
            }
            int p = 0;
            for (; p < n; p++) {
                if (++index[p] < populations.get(p).size()) {
                    break;
                }
                index[p] = 0;
            }
            if (p == n) {
                return sims;
            }
        }
    }

    private static boolean contains(List<Strategy> population, Policy policy) {
        for (Strategy s : population) {
            if (s.policy().equals(policy)) {
                return true;
            }
        }
        return false;
    }

    private static String uniqueName(List<Strategy> population, String name) {
        String candidate = name;
        int k = 2;
        while (true) {
            String c = candidate;
            if (population.stream().noneMatch(s -> s.name().equals(c))) {
                return candidate;
            }
            candidate = name + "_" + k++;
        }
    }
}
