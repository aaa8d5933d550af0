package dev.parley.bench;

import dev.parley.game.IterativeSolver;
import dev.parley.solver.Solvers;
import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.eval.Exploitability;
import dev.parley.experiment.ExperimentConfig;
import dev.parley.experiment.ExperimentReport;
import dev.parley.experiment.ExperimentRunner;
import dev.parley.game.GameTree;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Dialogue games offline (the default experiment settings: 4 scenarios, 3 messages): building the game tree from
 * scratch (engine, planner, realiser, scorer; divide the node count by the time for nodes/s), and the solver part of
 * the experiment (CFR 200 iterations plus NashConv) on the built tree, and the whole experiment.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class DialogueBench {

    @State(Scope.Benchmark)
    public static class Setting {
        @Param({"fruit-trading", "scheduling", "debate"})
        String domain;
        Domain d;
        GameTree tree;

        @Setup(Level.Trial)
        public void setUp() {
            d = DialogueDomains.find(domain).orElseThrow();
            tree = GameTree.compile(game(d));
        }
    }

    static DialogueGame game(Domain d) {
        return DialogueGame.offline(d, d.scenarios(4, 1), DialogueGame.Settings.of(3, 1));
    }

    /** A fresh game compiled into a tree: every message generated, every move performed, every outcome scored. */
    @Benchmark
    public GameTree buildTree(Setting s) {
        return GameTree.compile(game(s.d));
    }

    /** The same tree with the engine replayed from move 0 at every state, as before {@code Dialogue.copy()}. */
    @Benchmark
    public GameTree buildTreeReplayingTheEngine(Setting s) {
        return GameTree.compile(new DialogueGame(s.d, s.d.scenarios(4, 1), s.d.instructions(),
                new OfflineMoveGenerator(s.d.content()), RewardModel.exact(s.d), DialogueGame.Settings.of(3, 1),
                new ReplayingEngine()));
    }

    /** The whole offline {@code parley experiment} with its defaults: build, solve, measure (no files written). */
    @Benchmark
    public ExperimentReport wholeExperiment(Setting s) {
        return ExperimentRunner.run(ExperimentConfig.of(s.d, 4, 3, Solvers.of(CfrVariant.CFR), 200, 1),
                new OfflineMoveGenerator(s.d.content()), RewardModel.exact(s.d), () -> null, n -> { });
    }

    /** The solving part of {@code parley experiment}: CFR 200 iterations and the NashConv of the average. */
    @Benchmark
    public double solveAndMeasure(Setting s) {
        IterativeSolver solver = Solvers.of(CfrVariant.CFR).onTree(s.tree, 0);
        solver.run(200);
        return Exploitability.nashConv(s.tree, solver.averagePolicySlots(s.tree));
    }
}
