package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameModelException;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.TreeBuilder;
import dev.parley.mccfr.MccfrSolver;
import dev.parley.solver.Solvers;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NashConv against model calls, the figure a user needs to choose a solver for a paid model: full expansion with
 * CFR (every call paid up front, then free iterations) against outcome and external sampling on the lazy game
 * (calls paid as the sampled dialogues first reach a message). Every point's NashConv is exact: the tree is
 * expanded once, from its own game, to measure the sampling solvers' average policies on it; that expansion is
 * the CFR series' cost.
 *
 * <p>What a call is: with a language model, every request the series sends to it, whether the call cache answers
 * it or the model does (moves, their verification retries and the judge's prompts alike): what the series would
 * pay with a cold cache, and not less because an earlier series paid for the same request. Offline, a call is a
 * message the game asked its generator for (its memo's misses), plus a dialogue scored when the reward model is not
 * a domain's exact scorer.
 */
public final class CostCurve {

    private static final Logger LOG = LoggerFactory.getLogger(CostCurve.class);

    /** The NashConv target as a share of the payoff range. */
    public static final double TARGET_SHARE = 0.01;

    /** One measurement: calls made so far, iterations so far, NashConv of the average policy. */
    public record Point(long calls, int iteration, double nashConv) { }

    /**
     * One solver's curve.
     *
     * @param callsToTarget the calls of the first point at or under the target, or -1 if none reached it
     * @param iterationsToTarget the iterations of that point, or -1
     * @param stop          why the series ended
     */
    public record Series(String solver, List<Point> points, long callsToTarget, int iterationsToTarget,
                         String stop) {
        public Series {
            points = List.copyOf(points);
        }
    }

    /**
     * The curves of one domain.
     *
     * @param target the NashConv target ({@link #TARGET_SHARE} of the payoff range)
     * @param nodes  the expanded tree's size
     */
    public record Result(String domain, String backend, int maxReplies, int scenarios, double[] payoffRange,
                         double target, int nodes, List<Series> series, double seconds) {
        public Result {
            series = List.copyOf(series);
        }

        /** A series' calls to the target over full-expansion CFR's, or NaN when either never reached it. */
        public double ratioToFull(Series s) {
            Series full = series.get(0);
            return s.callsToTarget() < 0 || full.callsToTarget() < 0 ? Double.NaN
                    : (double) s.callsToTarget() / full.callsToTarget();
        }
    }

    /**
     * Limits of a sampling series: it stops at the first of reaching the target, {@code maxSeconds},
     * {@code maxCalls} (0: none) and {@code maxIterations}.
     */
    public record Limits(double maxSeconds, long maxCalls, int maxIterations) { }

    private CostCurve() {
    }

    /**
     * @param requests the language model's requests so far (cache hits included), or null offline, where the game's
     *                 own counters are the calls
     */
    public static Result run(ExperimentConfig config, Supplier<MoveGenerator> generator,
                             Supplier<RewardModel> rewardModel, Limits limits, long maxNodes,
                             LongSupplier requests) {
        long start = System.nanoTime();
        Domain domain = config.domain();
        String refusal = TreeSizeEstimate.against(config, maxNodes, config.seed())
                .refusal(domain.name(), maxNodes);
        if (refusal != null) {
            throw new GameModelException(refusal + " (the cost curve measures exact NashConv on the expanded tree)");
        }
        double target = TARGET_SHARE * (domain.maxPayoff() - domain.minPayoff());
        List<Series> series = new ArrayList<>();
        DialogueGame full = game(domain, config, generator.get(), rewardModel.get());
        Calls fullCount = new Calls(full, requests);
        GameTree tree = new TreeBuilder(config.concurrency(), (int) Math.min(Integer.MAX_VALUE - 8, maxNodes),
                n -> { }).build(full).tree();
        long fullCalls = fullCount.sinceStart();
        full.releaseMemo();
        IterativeSolver cfr = config.solver().onTree(tree, config.seed());
        List<Point> points = new ArrayList<>();
        int next = 1;
        for (int i = 1; i <= config.iterations(); i++) {
            cfr.iterate();
            if (i == next || i == config.iterations()) {
                points.add(new Point(fullCalls, i, Exploitability.nashConv(tree, cfr.averagePolicySlots(tree))));
                next = Math.max(i + 1, (int) Math.ceil(i * 1.25));
            }
        }
        series.add(finish(config.solver().name() + " (full expansion)", points, target,
                "iterations"));
        for (MccfrSolver.Sampling sampling : MccfrSolver.Sampling.values()) {
            series.add(sampled(domain, config, generator.get(), rewardModel.get(), sampling, tree, target, limits,
                    requests));
        }
        return new Result(domain.name(), full.backend(), config.maxReplies(), config.scenarios(),
                new double[] {domain.minPayoff(), domain.maxPayoff()}, target, tree.numNodes(), series,
                (System.nanoTime() - start) / 1e9);
    }

    private static Series sampled(Domain domain, ExperimentConfig config, MoveGenerator generator,
                                  RewardModel rewardModel, MccfrSolver.Sampling sampling, GameTree tree,
                                  double target, Limits limits, LongSupplier requests) {
        DialogueGame lazy = game(domain, config, generator, rewardModel);
        Calls count = new Calls(lazy, requests);
        IterativeSolver solver = Solvers.of(sampling).onGame(lazy, config.seed());
        List<Point> points = new ArrayList<>();
        long start = System.nanoTime();
        int next = 1;
        String stop = "iterations";
        for (int i = 1; i <= limits.maxIterations(); i++) {
            solver.iterate();
            if (i == next) {
                double nc = Exploitability.nashConv(tree, solver.averagePolicy().toSlots(tree));
                long c = count.sinceStart();
                points.add(new Point(c, i, nc));
                next = Math.max(i + 1, (int) Math.ceil(i * 1.1));
                if (nc <= target) {
                    stop = "target reached";
                    break;
                }
                if ((System.nanoTime() - start) / 1e9 >= limits.maxSeconds()) {
                    stop = "budget of " + limits.maxSeconds() + " s";
                    break;
                }
                if (limits.maxCalls() > 0 && c >= limits.maxCalls()) {
                    stop = "budget of " + limits.maxCalls() + " calls";
                    break;
                }
            }
        }
        LOG.info("{} {}: {} points, {}", domain.name(), Solvers.nameOf(sampling), points.size(),
                stop);
        return finish(Solvers.nameOf(sampling) + " (lazy)", points, target, stop);
    }

    private static Series finish(String name, List<Point> points, double target, String stop) {
        for (Point p : points) {
            if (p.nashConv() <= target) {
                return new Series(name, points, p.calls(), p.iteration(), stop);
            }
        }
        return new Series(name, points, -1, -1, stop);
    }

    private static DialogueGame game(Domain domain, ExperimentConfig config, MoveGenerator generator,
                                     RewardModel rewardModel) {
        return new DialogueGame(domain, domain.scenarios(config.scenarios(), config.seed()), generator, rewardModel,
                config.settings());
    }

    /** A series' calls since it began: the model's requests when there is a model, else the game's counters. */
    private static final class Calls {
        private final DialogueGame game;
        private final LongSupplier requests;
        private final long atStart;

        Calls(DialogueGame game, LongSupplier requests) {
            this.game = game;
            this.requests = requests;
            this.atStart = requests == null ? 0 : requests.getAsLong();
        }

        long sinceStart() {
            return requests == null ? calls(game) : requests.getAsLong() - atStart;
        }
    }

    /** Generator requests (memo misses), plus the dialogues scored when the reward model is not exact. */
    static long calls(DialogueGame game) {
        long generated = game.account().verification().requested();
        boolean judged = !game.rewardModel().backend().startsWith("exact:");
        return generated + (judged ? game.account().payoffEvaluations() : 0);
    }
}
