package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.EngineBranching;
import dev.parley.dialogue.Instruction;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameModelException;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.TreeBuilder;
import dev.parley.dialogue.RewardModel;
import dev.parley.llm.RunStats;
import dev.parley.dialogue.MoveGenerator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds a domain's dialogue game, solves it and measures it: the experiment of Gemp et al. (2024), Table 1.
 */
public final class ExperimentRunner {

    private static final Logger LOG = LoggerFactory.getLogger(ExperimentRunner.class);

    /** Games larger than this are refused: a dialogue tree this big needs fewer scenarios or shorter dialogues. */
    public static final int MAX_NODES = 5_000_000;

    private ExperimentRunner() {
    }

    /**
     * @param rewardModel the exact scorer ({@link RewardModel#exact}) or an LLM judge
     * @param llmStats    the language-model call account (calls, cache hits) when a model is used; a supplier of
     *                    {@code null} offline, where the report counts generator requests and memo hits instead
     * @param progress    told the number of states made so far while the tree is built
     */
    public static ExperimentReport run(ExperimentConfig config, MoveGenerator generator,
                                       RewardModel rewardModel, Supplier<RunStats> llmStats,
                                       LongConsumer progress) {
        return run(config, generator, rewardModel, llmStats, progress, i -> { });
    }

    /**
     * The same, telling {@code solved} each iteration the solver has finished (1 to {@code config.iterations()}),
     * so that a progress bar moves from the nodes built to the iterations solved.
     */
    public static ExperimentReport run(ExperimentConfig config, MoveGenerator generator,
                                       RewardModel rewardModel, Supplier<RunStats> llmStats,
                                       LongConsumer progress, IntConsumer solved) {
        return run(config, generator, rewardModel, llmStats, progress, solved, MAX_NODES);
    }

    /**
     * The same, refusing before anything is built when the tree's estimated size ({@link TreeSizeEstimate})
     * exceeds {@code maxNodes}, which also caps the tree as it is compiled.
     *
     * @throws GameModelException the one-line refusal, naming the sampling solvers
     */
    public static ExperimentReport run(ExperimentConfig config, MoveGenerator generator,
                                       RewardModel rewardModel, Supplier<RunStats> llmStats,
                                       LongConsumer progress, IntConsumer solved, long maxNodes) {
        Domain domain = config.domain();
        String refusal = TreeSizeEstimate.against(config, maxNodes, config.seed())
                .refusal(domain.name(), maxNodes);
        if (refusal != null) {
            throw new GameModelException(refusal);
        }
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, maxNodes);
        RunStats before = llmStats.get();
        long start = System.nanoTime();
        // Offline and in one pass, no message is met twice: remembering them would cost more memory than the tree.
        // With a model the memo stays, so that the dialogues read back after solving cost no call.
        boolean walkedOnce = llmStats.get() == null && config.concurrency() == 1;
        DialogueGame game = new DialogueGame(domain, domain.scenarios(config.scenarios(), config.seed()),
                domain.instructions(), generator, rewardModel, config.settings(), EngineBranching.COPY,
                walkedOnce ? DialogueGame.Memo.NONE : DialogueGame.Memo.ALL);
        BaselinePolicy.Collector baseline = new BaselinePolicy.Collector(game);
        // A concurrent build reports the states it expands first; a sequential one (offline) expands none before
        // compiling, so its states are counted as the compiler makes them.
        TreeBuilder.Result built = config.concurrency() > 1
                ? new TreeBuilder(config.concurrency(), cap, progress).build(game, baseline)
                : new TreeBuilder(1, cap, n -> { }).build(new CountedGame(game, progress),
                        (node, infoset, state) -> baseline.decision(node, infoset, CountedGame.inner(state)));
        GameTree tree = built.tree();
        LOG.info("{}: {} built in {} s", domain.name(), tree, built.seconds());

        IterativeSolver solver = config.solver().onTree(tree, config.seed());
        List<double[]> curve = new ArrayList<>();
        int every = Math.max(1, config.iterations() / config.curvePoints());
        for (int i = 1; i <= config.iterations(); i++) {
            solver.iterate();
            solved.accept(i);
            if (i % every == 0 || i == config.iterations()) {
                curve.add(new double[] {i, Exploitability.nashConv(tree, solver.averagePolicySlots(tree))});
            }
        }
        double[] eq = solver.averagePolicySlots(tree);
        double[] base = baseline.slots(tree);
        double nashConv = Exploitability.nashConv(tree, eq);
        double[] baseVsBase = Exploitability.expectedValues(tree, base);
        double[] eqVsEq = Exploitability.expectedValues(tree, eq);
        double[] eqVsBase = ProfileMetrics.guidedVsBaseline(tree, eq, base);
        double[] gain = ProfileMetrics.cfrGain(tree, eq, base);
        DialogueGame.Account account = game.account();
        RunStats after = llmStats.get();
        long calls = after == null ? account.generations() : after.calls() - before.calls();
        long cached = after == null ? account.memoHits() : after.cacheHits() - before.cacheHits();
        long tokens = after == null ? 0 : after.inputTokens() + after.outputTokens() - before.inputTokens()
                - before.outputTokens();
        return new ExperimentReport(domain.name(), game.backend(), game.scenarios().size(), config.maxReplies(),
                config.solver().name(), config.iterations(), tree.numNodes(), tree.numInfosets(), nashConv,
                new double[] {domain.minPayoff(), domain.maxPayoff()}, gain, eqVsBase, baseVsBase, eqVsEq,
                game.instructions().stream().map(Instruction::name).toList(),
                ProfileMetrics.instructionMass(tree, game, eq), curve, calls, cached, tokens,
                (System.nanoTime() - start) / 1e9, config.actions().label(), config.observe().label(),
                config.seedsPerMessage(), config.judge().label(),
                game.account().verification(), dialogues(game, tree, eq, base, config.dialogues()),
                domain.protocolPlayers());
    }

    /** The most probable dialogues of the four profiles: both on the solver, one on it, both on the baseline. */
    private static Map<String, List<DialogueReader.ReadDialogue>> dialogues(DialogueGame game, GameTree tree,
                                                                            double[] eq, double[] base, int n) {
        Map<String, List<DialogueReader.ReadDialogue>> out = new LinkedHashMap<>();
        double[][] profiles = {eq, ProfileMetrics.mix(tree, 0, eq, base), ProfileMetrics.mix(tree, 1, eq, base),
                base};
        for (int i = 0; i < profiles.length; i++) {
            String name = ExperimentReport.PROFILES.get(i);
            out.put(name, DialogueReader.mostProbable(game, tree, profiles[i], name, n));
        }
        return out;
    }
}
