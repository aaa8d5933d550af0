package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.GenerationException;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.MoveRequest;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.Utterance;
import dev.parley.dialogue.testkit.ForwardingMoveGenerator;
import dev.parley.domain.DialogueDomains;
import dev.parley.game.GameTree;
import dev.parley.game.State;
import dev.parley.mccfr.MccfrSolver;
import dev.parley.solver.SolverKind;
import dev.parley.solver.Solvers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sampling on the lazily generated dialogue game: generation once per message, budgets, estimates, resume. */
class SampledExperimentTest {

    private static final SolverKind OUTCOME = Solvers.of(MccfrSolver.Sampling.OUTCOME);

    private static Domain domain(String name) {
        return DialogueDomains.find(name).orElseThrow();
    }

    private static ExperimentConfig config(Domain domain, int maxReplies) {
        return ExperimentConfig.of(domain, 4, maxReplies, Solvers.of(CfrVariant.CFR), 100, 1);
    }

    /** Counts the generator's calls and remembers what each was asked. */
    private static final class Counting extends ForwardingMoveGenerator {
        final AtomicLong calls = new AtomicLong();
        final List<String> asked = new ArrayList<>();

        Counting(MoveGenerator inner) {
            super(inner);
        }

        @Override
        public Utterance generate(MoveRequest request, long seed) throws GenerationException {
            calls.incrementAndGet();
            synchronized (asked) {
                asked.add(request.context().scenario().id() + "|" + request.context().transcript() + "|"
                        + request.move().moveId() + "|" + request.instruction().name() + "|" + seed);
            }
            return inner.generate(request, seed);
        }
    }

    @Test
    void mccfrOnTheLazyGameGeneratesEachMessageOnceAndOnlyWhatItVisits() {
        Domain d = domain("fruit-trading");
        ExperimentConfig c = config(d, 3);
        Counting gen = new Counting(new OfflineMoveGenerator(d.content()));
        DialogueGame lazy = new DialogueGame(d, d.scenarios(4, 1), gen, RewardModel.exact(d), c.settings());
        MccfrSolver solver = MccfrSolver.onGame(lazy, MccfrSolver.Sampling.OUTCOME, 3);
        solver.run(100);
        Set<String> distinct = new HashSet<>(gen.asked);
        assertThat(distinct).as("no message generated twice").hasSize(gen.asked.size());
        assertThat(lazy.visited().messages()).isEqualTo(gen.calls.get());
        DialogueGame full = DialogueGame.offline(d, d.scenarios(4, 1), c.settings());
        GameTree tree = GameTree.compile(full);
        long all = full.account().verification().requested();
        assertThat(gen.calls.get()).as("a fraction of the tree's %d messages", all).isPositive().isLessThan(all);
    }

    /**
     * The keys built incrementally (parent's key plus the step) equal the ones rebuilt from the whole transcript,
     * following the documented format, at every state of a small tree.
     */
    @Test
    void incrementalKeysEqualKeysRebuiltFromTheTranscript() {
        Domain d = domain("scheduling");
        DialogueGame g = DialogueGame.offline(d, d.scenarios(2, 1), config(d, 3).settings());
        List<State> stack = new ArrayList<>(List.of(g.initialState()));
        int checked = 0;
        while (!stack.isEmpty()) {
            State s = stack.remove(stack.size() - 1);
            if (s.isTerminal()) {
                continue;
            }
            if (!s.isChance()) {
                for (int p = 0; p < g.numPlayers(); p++) {
                    assertThat(s.infoStateKey(p)).isEqualTo(rebuilt(g, s, p));
                    checked++;
                }
            }
            for (int a : s.legalActions()) {
                stack.add(s.child(a));
            }
        }
        assertThat(checked).isGreaterThan(100);
    }

    private static String rebuilt(DialogueGame g, State s, int player) {
        StringBuilder sb = new StringBuilder("P" + player + "|" + g.scenario(s).player(player).canonical());
        for (DialogueGame.Turn t : g.turns(s)) {
            sb.append("||").append(t.message().speaker()).append(':').append(t.message().moveId()).append(' ')
                    .append(dev.parley.dialogue.Contents.canonical(t.message().content()))
                    .append(" \"").append(t.message().text()).append('"');
            if (t.message().speaker() == player) {
                sb.append(" [").append(t.instruction().name()).append(']');
            }
        }
        return sb.toString();
    }

    /**
     * The must-show bracket: on trees small enough to expand, the estimated NashConv lower bound is at most the
     * exact NashConv of the same policy plus the estimate's stated error (its 95% half-width); and the estimated
     * payoffs lie within four standard errors of the exact ones.
     */
    @Test
    void theEstimatedLowerBoundIsAtMostTheExactNashConvPlusItsError() throws IOException {
        for (String name : List.of("fruit-trading", "scheduling")) {
            for (MccfrSolver.Sampling s : MccfrSolver.Sampling.values()) {
                Domain d = domain(name);
                SampledReport r = SampledExperiment.run(config(d, 3), new SampledExperiment.Options(Solvers.of(s), 0, 0,
                        s == MccfrSolver.Sampling.OUTCOME ? 1500 : 100, 0, null, null, 300, 1500, 1_000_000),
                        new OfflineMoveGenerator(d.content()), RewardModel.exact(d), () -> null, cp -> { });
                assertThat(r.exact()).as("3 messages expand").isNotNull();
                Estimate nc = r.estimates().nashConv();
                String what = name + " " + Solvers.nameOf(s);
                assertThat(nc.mean()).as(what).isLessThanOrEqualTo(r.exact().nashConv() + nc.halfWidth());
                for (int p = 0; p < 2; p++) {
                    Estimate ee = r.estimates().eqVsEq()[p];
                    assertThat(Math.abs(ee.mean() - r.exact().eqVsEq()[p])).as(what + " eq vs eq " + p)
                            .isLessThanOrEqualTo(4 * ee.stderr() + 1e-9);
                    Estimate g = r.estimates().cfrGain()[p];
                    assertThat(Math.abs(g.mean() - r.exact().cfrGain()[p])).as(what + " gain " + p)
                            .isLessThanOrEqualTo(4 * g.stderr() + 1e-9);
                }
            }
        }
    }

    @Test
    void aBudgetOfCallsStopsTheRunWithinOneIterationOfIt() throws IOException {
        Domain d = domain("fruit-trading");
        SampledReport r = SampledExperiment.run(config(d, 5), new SampledExperiment.Options(
                OUTCOME, 300, 0, Long.MAX_VALUE, 0, null, null, 20, 50, 10),
                new OfflineMoveGenerator(d.content()), RewardModel.exact(d), () -> null, cp -> { });
        // one outcome-sampling iteration walks one dialogue per player: at most 2 x 5 new messages
        assertThat(r.calls()).isBetween(300L, 310L);
        assertThat(r.stop()).contains("300 calls");
        assertThat(r.exact()).as("over --max-nodes 10: nothing expanded").isNull();
    }

    @Test
    void checkpointsReportFiguresSoFarAndAResumedRunMatchesTheUninterruptedOne(@TempDir Path dir)
            throws IOException {
        Domain d = domain("scheduling");
        ExperimentConfig c = config(d, 3);
        List<SampledExperiment.Checkpoint> seen = new ArrayList<>();
        SampledReport whole = SampledExperiment.run(c, new SampledExperiment.Options(OUTCOME,
                0, 0, 600, 0, null, null, 50, 100, 10), new OfflineMoveGenerator(d.content()),
                RewardModel.exact(d), () -> null, cp -> { });
        Path state = dir.resolve("solver.bin");
        SampledReport half = SampledExperiment.run(c, new SampledExperiment.Options(OUTCOME,
                0, 0, 300, 100, state, null, 50, 100, 10), new OfflineMoveGenerator(d.content()),
                RewardModel.exact(d), () -> null, seen::add);
        assertThat(seen).isNotEmpty();
        assertThat(seen).isEqualTo(half.checkpoints());
        assertThat(seen.get(0).calls()).isGreaterThanOrEqualTo(100);
        SampledReport resumed = SampledExperiment.run(c, new SampledExperiment.Options(
                OUTCOME, 0, 0, 300, 0, null, state, 50, 100, 10),
                new OfflineMoveGenerator(d.content()), RewardModel.exact(d), () -> null, cp -> { });
        assertThat(resumed.resumedAt()).isEqualTo(300);
        assertThat(resumed.iterations()).isEqualTo(600);
        assertThat(resumed.infosets()).isEqualTo(whole.infosets());
        assertThat(resumed.estimates().nashConv()).isEqualTo(whole.estimates().nashConv());
        assertThat(resumed.estimates().cfrGain()).isEqualTo(whole.estimates().cfrGain());
    }

    private static SampledReport budgeted(Domain d, ExperimentConfig c, long calls, double seconds, Path state,
                                          Path resume) throws IOException {
        return SampledExperiment.run(c, new SampledExperiment.Options(OUTCOME, calls,
                seconds, Long.MAX_VALUE, 0, state, resume, 20, 50, 10), new OfflineMoveGenerator(d.content()),
                RewardModel.exact(d), () -> null, cp -> { });
    }

    /**
     * --budget-calls N is the total over a run and its resumptions: the state file carries what was spent. (Not
     * the same figures as one run at the full budget: the resumed game's memo starts empty, so offline it asks
     * again for messages the first run had generated, and those count.)
     */
    @Test
    void aResumedRunsBudgetCountsWhatTheSavedRunSpent(@TempDir Path dir) throws IOException {
        Domain d = domain("fruit-trading");
        ExperimentConfig c = config(d, 5);
        // one outcome-sampling iteration walks one dialogue per player: at most 2 x 5 new messages
        long overshoot = 2 * 5;
        Path state = dir.resolve("half.bin");
        SampledReport half = budgeted(d, c, 150, 0, state, null);
        assertThat(half.calls()).isBetween(150L, 150 + overshoot);
        assertThat(half.spentCalls()).isZero();

        Path again = dir.resolve("whole.bin");
        SampledReport resumed = budgeted(d, c, 300, 0, again, state);
        assertThat(resumed.spentCalls()).isEqualTo(half.calls());
        assertThat(resumed.spentSeconds()).isEqualTo(half.solvingSeconds());
        assertThat(resumed.resumedAt()).isEqualTo(half.iterations());
        assertThat(resumed.spentCalls() + resumed.calls()).isBetween(300L, 300 + overshoot);
        assertThat(resumed.stop()).contains("300 calls");
        // the resumption's own state carries the total, so a second resumption goes on counting from it
        SampledReport third = budgeted(d, c, 300, 0, null, again);
        assertThat(third.spentCalls()).isEqualTo(resumed.spentCalls() + resumed.calls());
        assertThat(third.iterations()).as("the budget was already spent").isEqualTo(third.resumedAt());
        assertThat(third.calls()).isZero();

        // seconds too: a budget under what the saved run spent solving stops before the first iteration
        assertThat(half.solvingSeconds()).isPositive();
        SampledReport timed = budgeted(d, c, 0, half.solvingSeconds() / 2, null, state);
        assertThat(timed.iterations()).isEqualTo(half.iterations());
        assertThat(timed.stop()).contains("s");

        // a bare solver saved without the header (as before it existed) resumes with nothing spent
        Path bare = dir.resolve("bare.bin");
        MccfrSolver solver = MccfrSolver.resumableOnGame(new DialogueGame(d, d.scenarios(c.scenarios(), c.seed()),
                new OfflineMoveGenerator(d.content()), RewardModel.exact(d), c.settings()),
                MccfrSolver.Sampling.OUTCOME, c.seed());
        solver.run(20);
        try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(bare)) {
            solver.save(out);
        }
        SampledReport fromBare = budgeted(d, c, 100, 0, null, bare);
        assertThat(fromBare.spentCalls()).isZero();
        assertThat(fromBare.resumedAt()).isEqualTo(20);
        assertThat(fromBare.calls()).isBetween(100L, 100 + overshoot);
    }

    /** Knuth's estimate against the true size of trees that can be built: within 4 standard errors and 30%. */
    @Test
    void theTreeSizeEstimateBracketsTheTrueSize() {
        for (String name : DialogueDomains.names()) {
            for (int len : new int[] {2, 3}) {
                Domain d = domain(name);
                ExperimentConfig c = config(d, len);
                TreeSizeEstimate e = TreeSizeEstimate.of(c, TreeSizeEstimate.DEFAULT_PROBES, 5);
                int truth = GameTree.compile(DialogueGame.offline(d, d.scenarios(4, 1), c.settings())).numNodes();
                assertThat(Math.abs(e.nodes() - truth)).as(name + " " + len + ": " + e + " vs " + truth)
                        .isLessThanOrEqualTo(Math.max(4 * e.stderr(), 1e-9) + 0.3 * truth);
                assertThat(e.refusal(name, truth * 10L)).isNull();
                assertThat(e.refusal(name, 5)).contains("`maxNodes` 5").contains("mccfr-os").doesNotContain("\n");
            }
        }
    }
    /**
     * The guard's estimate stops after one round when the tree plainly fits (a few dozen dialogues instead of 256),
     * and otherwise probes as {@link TreeSizeEstimate#of} does and decides the same: the same seed draws the same
     * random dialogues in the same order.
     */
    @Test
    void theGuardsEstimateStopsEarlyOnlyWhenTheTreePlainlyFits() {
        Domain d = domain("fruit-trading");
        ExperimentConfig c = config(d, 3);
        TreeSizeEstimate full = TreeSizeEstimate.of(c, TreeSizeEstimate.DEFAULT_PROBES, 5);
        TreeSizeEstimate roomy = TreeSizeEstimate.against(c, 100_000_000L, 5);
        assertThat(roomy.probes()).isEqualTo(dev.parley.game.TreeSize.ROUND);
        assertThat(roomy.refusal(d.name(), 100_000_000L)).isNull();
        assertThat(roomy.nodes()).isEqualTo(TreeSizeEstimate.of(c, dev.parley.game.TreeSize.ROUND, 5).nodes());
        // a limit the tree does not plainly fit under (not four times its estimate): every probe, as of(...) draws
        for (long limit : new long[] {(long) (2 * full.nodes()), (long) (full.nodes() / 2), 5}) {
            TreeSizeEstimate tight = TreeSizeEstimate.against(c, limit, 5);
            assertThat(tight).as("limit " + limit).isEqualTo(full);
            assertThat(tight.refusal(d.name(), limit)).isEqualTo(full.refusal(d.name(), limit));
        }
        assertThat(TreeSizeEstimate.against(c, 5, 5).refusal(d.name(), 5)).contains("`maxNodes` 5");
    }
}
