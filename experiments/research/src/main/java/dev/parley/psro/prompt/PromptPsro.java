package dev.parley.psro.prompt;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.nfg.EmpiricalGame;
import dev.parley.nfg.MetaSolution;
import dev.parley.nfg.MetaSolver;
import dev.parley.psro.Evaluation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prompt-space PSRO (Gemp et al. 2024, after OpenSpiel's chat-game PSRO example): a strategy is an instruction a
 * player follows for the whole dialogue (its moves chosen by the domain's planner under that instruction, their
 * content planned under it, their words generated with it). Each iteration:
 * <ol>
 *   <li>completes the empirical meta-game: every pure profile of the populations not yet estimated is simulated
 *       over the domain's scenarios ({@link InstructionSimulator});</li>
 *   <li>solves it with the meta-solver (correlated solvers contribute their marginals as meta-strategies);</li>
 *   <li>for each player, asks the {@link InstructionProposer} for up to {@code candidates} new instructions,
 *       estimates each one's payoff against the others' meta-strategies (the weighted average over the others'
 *       pure profiles of positive weight) and keeps the best — the first proposed among equals;</li>
 *   <li>adds every player's best candidate to its population, whether or not it beats the meta-strategy (the
 *       reported gain says whether it did), so the population grows by one per player and iteration until the
 *       proposer runs dry.</li>
 * </ol>
 * Instructions are identified by name across players: the first instruction of a name that enters the run is the
 * one every later mention of that name plays.
 */
public final class PromptPsro {

    private static final Logger LOG = LoggerFactory.getLogger(PromptPsro.class);

    /** Where the populations start. */
    public enum Start {
        /** The domain's instruction set without the baseline {@code any} (e.g. calm, assertive, submissive). */
        INSTRUCTIONS,
        /** The baseline {@code any} alone: PSRO from the unguided model. */
        BASELINE;

        /** The command-line name: {@code instructions} or {@code any}. */
        public String cliName() {
            return this == INSTRUCTIONS ? "instructions" : "any";
        }

        /** The start of that command-line name, or empty. */
        public static Optional<Start> fromCliName(String name) {
            return Arrays.stream(values()).filter(s -> s.cliName().equals(name)).findFirst();
        }
    }

    /**
     * @param metaSolver solves the meta-game
     * @param proposer   proposes candidate instructions
     * @param candidates candidates asked for per player and iteration (at least 1)
     * @param seed       seeds the proposer's random choices
     */
    public record Config(MetaSolver metaSolver, InstructionProposer proposer, int candidates, long seed) {
        public Config {
            Objects.requireNonNull(metaSolver, "metaSolver");
            Objects.requireNonNull(proposer, "proposer");
            if (candidates < 1) {
                throw new IllegalArgumentException("need at least one candidate per oracle step, got " + candidates);
            }
        }
    }

    private final InstructionSimulator simulator;
    private final Config config;
    private final Random rng;
    private final int players;
    private final List<List<Instruction>> populations = new ArrayList<>();
    private final Map<String, Instruction> byName = new HashMap<>();
    private final EmpiricalGame.Builder meta;
    private int iteration;

    public PromptPsro(InstructionSimulator simulator, Config config, Start start) {
        this(simulator, config, initialPopulations(simulator.domain(), start));
    }

    /** @param initial each player's first instructions (not empty, distinct names within a player) */
    public PromptPsro(InstructionSimulator simulator, Config config, List<List<Instruction>> initial) {
        this.simulator = Objects.requireNonNull(simulator, "simulator");
        this.config = Objects.requireNonNull(config, "config");
        this.rng = new Random(config.seed());
        this.players = simulator.domain().protocolPlayers().size();
        if (initial.size() != players) {
            throw new IllegalArgumentException("need an initial population for each of " + players + " players");
        }
        List<String> names = new ArrayList<>();
        for (int p = 0; p < players; p++) {
            names.add(simulator.domain().protocolPlayers().get(p));
        }
        this.meta = new EmpiricalGame.Builder(simulator.domain().name() + " prompt-space meta-game", names);
        for (int p = 0; p < players; p++) {
            if (initial.get(p).isEmpty()) {
                throw new IllegalArgumentException("player " + p + " has an empty initial population");
            }
            populations.add(new ArrayList<>());
            for (Instruction i : initial.get(p)) {
                if (!add(p, i)) {
                    throw new IllegalArgumentException("player " + p + " lists instruction " + i.name() + " twice");
                }
            }
        }
    }

    /** Each player's starting population for {@code start}. */
    public static List<List<Instruction>> initialPopulations(Domain domain, Start start) {
        List<Instruction> first = start == Start.BASELINE ? List.of(Instruction.ANY)
                : domain.instructions().stream().filter(i -> !i.isBaseline()).toList();
        if (first.isEmpty()) {
            first = List.of(Instruction.ANY);
        }
        List<List<Instruction>> out = new ArrayList<>();
        for (int p = 0; p < domain.protocolPlayers().size(); p++) {
            out.add(first);
        }
        return out;
    }

    /** The current populations (copies). */
    public List<List<Instruction>> populations() {
        return populations.stream().map(List::copyOf).toList();
    }

    /** Runs {@code count} iterations. */
    public List<PromptPsroIteration> run(int count) {
        List<PromptPsroIteration> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(step());
        }
        return out;
    }

    /** One iteration (see the class comment). */
    public PromptPsroIteration step() {
        iteration++;
        long before = simulator.playouts();
        completeMetaGame();
        EmpiricalGame empirical = meta.build();
        MetaSolution solution = config.metaSolver().solve(empirical.toNormalFormGame());
        List<double[]> metaStrategy = normalised(solution.profile());
        double[] metaValue = new double[players];
        for (int p = 0; p < players; p++) {
            metaValue[p] = mixedValue(p, null, metaStrategy);
        }

        List<List<PromptPsroIteration.Candidate>> candidates = new ArrayList<>();
        List<Optional<Instruction>> chosen = new ArrayList<>();
        double[] gain = new double[players];
        for (int p = 0; p < players; p++) {
            List<PromptPsroIteration.Candidate> evaluated = new ArrayList<>();
            PromptPsroIteration.Candidate best = null;
            for (Instruction proposed : config.proposer().propose(p, List.copyOf(populations.get(p)),
                    config.candidates(), rng)) {
                Instruction c = canonical(proposed);
                if (populations.get(p).stream().anyMatch(i -> i.name().equals(c.name()))
                        || evaluated.stream().anyMatch(e -> e.instruction().name().equals(c.name()))) {
                    continue; // a proposer must not repeat, but a repeat must not enter the population twice
                }
                PromptPsroIteration.Candidate e = new PromptPsroIteration.Candidate(c,
                        mixedValue(p, c, metaStrategy));
                evaluated.add(e);
                if (best == null || e.value() > best.value()) {
                    best = e;
                }
            }
            candidates.add(evaluated);
            chosen.add(best == null ? Optional.empty() : Optional.of(best.instruction()));
            gain[p] = best == null ? Double.NaN : best.value() - metaValue[p];
        }
        List<List<Instruction>> solved = populations();
        for (int p = 0; p < players; p++) {
            Optional<Instruction> c = chosen.get(p);
            if (c.isPresent()) {
                add(p, c.get());
            }
        }
        PromptPsroIteration report = new PromptPsroIteration(iteration, solved, metaStrategy, metaValue, candidates,
                chosen, gain, simulator.playouts() - before, empirical, solution);
        LOG.debug("prompt PSRO iteration {}: chosen {}, gain {}", iteration, chosen, Arrays.toString(gain));
        return report;
    }

    /** Adds {@code instruction} to {@code player}'s population and meta-game; false if it is there already. */
    private boolean add(int player, Instruction instruction) {
        Instruction c = canonical(instruction);
        if (populations.get(player).stream().anyMatch(i -> i.name().equals(c.name()))) {
            return false;
        }
        byName.putIfAbsent(c.name(), c);
        populations.get(player).add(c);
        meta.addStrategy(player, c.name());
        return true;
    }

    /** The instruction of that name already in the run, if any: one name, one meaning, across players. */
    private Instruction canonical(Instruction i) {
        return byName.getOrDefault(i.name(), i);
    }

    /** Simulates every pure profile of the populations that has no entry yet. */
    private void completeMetaGame() {
        int[] index = new int[players];
        while (true) {
            if (!meta.has(index)) {
                List<Instruction> profile = new ArrayList<>();
                for (int p = 0; p < players; p++) {
                    profile.add(populations.get(p).get(index[p]));
                }
                Evaluation e = simulator.evaluate(profile);
                meta.addEstimate(index, e.means(), e.standardErrors(), e.samples());
            }
            int p = 0;
            for (; p < players; p++) {
                if (++index[p] < populations.get(p).size()) {
                    break;
                }
                index[p] = 0;
            }
            if (p == players) {
                return;
            }
        }
    }

    /**
     * Player {@code player}'s expected payoff when the others mix independently by {@code metaStrategy} and the
     * player follows {@code own}, or mixes by its own meta-strategy when {@code own} is null. Profiles of weight 0
     * are not simulated.
     */
    private double mixedValue(int player, Instruction own, List<double[]> metaStrategy) {
        int[] index = new int[players];
        double value = 0;
        while (true) {
            double w = 1;
            for (int p = 0; p < players && w > 0; p++) {
                if (p != player || own == null) {
                    w *= metaStrategy.get(p)[index[p]];
                }
            }
            if (w > 0) {
                List<Instruction> profile = new ArrayList<>();
                for (int p = 0; p < players; p++) {
                    profile.add(p == player && own != null ? own : populations.get(p).get(index[p]));
                }
                value += w * simulator.evaluate(profile).means()[player];
            }
            int p = 0;
            for (; p < players; p++) {
                if (p == player && own != null) {
                    continue;
                }
                if (++index[p] < populations.get(p).size()) {
                    break;
                }
                index[p] = 0;
            }
            if (p == players) {
                return value;
            }
        }
    }

    /**
     * The meta-strategies with rounding noise removed: negative weights (a solver's round-off) become 0 and each
     * player's weights are rescaled to sum to 1, so that reports and the oracle see distributions.
     */
    static List<double[]> normalised(double[][] profile) {
        List<double[]> out = new ArrayList<>();
        for (double[] w : profile) {
            double[] c = new double[w.length];
            double total = 0;
            for (int i = 0; i < w.length; i++) {
                c[i] = Math.max(0, w[i]);
                total += c[i];
            }
            if (!(total > 0)) {
                throw new IllegalStateException("the meta-solver returned no weight for a player: "
                        + Arrays.toString(w));
            }
            for (int i = 0; i < c.length; i++) {
                c[i] /= total;
            }
            out.add(c);
        }
        return out;
    }
}
