package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.error.InvalidSettingException;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.TabularPolicy;
import dev.parley.llm.RunStats;
import dev.parley.solver.SolverKind;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A dialogue experiment solved by a sampled solver ({@link SolverKind#sampled}: Monte-Carlo CFR, or a sampled
 * family registered in {@link dev.parley.solver.Solvers}) on the lazily generated game: nothing is expanded, a
 * message is generated when a sampled dialogue first reaches it, and the run stops at a budget of model calls (offline:
 * generations) or seconds. The figures are {@link SampledEstimates}; on a tree small enough to expand
 * ({@link TreeSizeEstimate} under the node limit) the exact figures are computed too, side by side.
 */
public final class SampledExperiment {

    private static final Logger LOG = LoggerFactory.getLogger(SampledExperiment.class);

    /** Iterations in a row without a new model call after which the run stops: every reachable message is known. */
    static final int STALL_ITERATIONS = 5_000;

    /**
     * How a sampled run goes.
     *
     * @param solver             a sampled solver; state and resume need one whose runs can be saved
     * @param budgetCalls        stop once the solver has made this many model calls (0: no such budget)
     * @param budgetSeconds      stop after this many seconds of solving (0: no such budget)
     * @param maxIterations      stop after this many iterations of this run (Long.MAX_VALUE: no limit)
     * @param checkpointEvery    estimate the figures (and save the solver) every this many model calls (0: never)
     * @param state              where to save the solver at checkpoints and at the end (null: nowhere)
     * @param resume             a saved solver to continue (null: start afresh)
     * @param playouts           paired playouts per estimated figure
     * @param responseIterations outcome-sampling iterations of each sampled best response
     * @param maxNodes           trees estimated under this are also expanded, for the exact figures
     */
    public record Options(SolverKind solver, long budgetCalls, double budgetSeconds, long maxIterations,
                          long checkpointEvery, Path state, Path resume, int playouts, int responseIterations,
                          long maxNodes) {
        public Options {
            Objects.requireNonNull(solver, "solver");
            if (!solver.sampled()) {
                throw new InvalidSettingException("solver", solver.name(), "must be a sampled solver");
            }
            if ((state != null || resume != null) && solver.saving().isEmpty()) {
                throw new InvalidSettingException("solver", solver.name(), "must be one whose runs can be saved,"
                        + " to save or resume a run");
            }
            InvalidSettingException.atLeast("budgetCalls", budgetCalls, 0);
            if (!(budgetSeconds >= 0)) {
                throw new InvalidSettingException("budgetSeconds", budgetSeconds, "must not be negative");
            }
            InvalidSettingException.atLeast("checkpointEvery", checkpointEvery, 0);
            // the iteration limit is the run's iterations setting
            InvalidSettingException.atLeast("iterations", maxIterations, 1);
            InvalidSettingException.atLeast("playouts", playouts, 2);
            InvalidSettingException.atLeast("responseIterations", responseIterations, 1);
        }
    }

    /** What a checkpoint reports: the figures so far. */
    public record Checkpoint(int iteration, long calls, double seconds, int infosets, SampledEstimates estimates) { }

    /**
     * The exact figures of an expandable tree, for the sampled profile.
     *
     * @param calls model calls the expansion added beyond what sampling had generated; offline, every message of
     *              the tree (it is compiled from a fresh game that remembers nothing)
     */
    public record Exact(int nodes, int infosets, double nashConv, double[] cfrGain, double[] eqVsEq,
                        double[] eqVsBase, double[] baseVsBase, long calls) { }

    private SampledExperiment() {
    }

    /**
     * @param llmStats the language-model account; a supplier of {@code null} offline (model calls are then the
     *                 generator's requests, memo hits excluded)
     * @param onCheckpoint told each checkpoint's figures
     */
    public static SampledReport run(ExperimentConfig config, Options options, MoveGenerator generator,
                                    RewardModel rewardModel, Supplier<RunStats> llmStats,
                                    Consumer<Checkpoint> onCheckpoint) throws IOException {
        long start = System.nanoTime();
        Domain domain = config.domain();
        TreeSizeEstimate size = TreeSizeEstimate.of(config, TreeSizeEstimate.DEFAULT_PROBES, config.seed());
        DialogueGame game = new DialogueGame(domain, domain.scenarios(config.scenarios(), config.seed()), generator,
                rewardModel, config.settings());
        RunStats before = llmStats.get();
        LongSupplier calls = () -> {
            RunStats now = llmStats.get();
            return now == null ? game.account().verification().requested() : now.modelCalls() - before.modelCalls();
        };
        Started started = start(game, config, options);
        IterativeSolver solver = started.solver();
        Spent spent = started.spent();
        int resumedAt = solver.iterations();
        Solved solved = solve(game, config, options, started, calls, start, onCheckpoint);
        TabularPolicy policy = solver.averagePolicy();
        long beforeEstimate = calls.getAsLong();
        SampledEstimates estimates = SampledEstimates.of(game, policy, options.playouts(),
                options.responseIterations(), config.seed() + 1, calls);
        long estimationCalls = solved.estimationCalls() + calls.getAsLong() - beforeEstimate;
        DialogueGame.Visited visited = game.visited();
        Exact exact = size.nodes() <= options.maxNodes() ? exact(game, policy, options.maxNodes(), llmStats, calls)
                : null;
        RunStats after = llmStats.get();
        long cached = after == null ? game.account().memoHits() : after.cacheHits() - before.cacheHits();
        long tokens = after == null ? 0 : after.inputTokens() + after.outputTokens() - before.inputTokens()
                - before.outputTokens();
        return new SampledReport(domain.name(), game.backend(), game.scenarios().size(), config.maxReplies(),
                options.solver().name(), solver.iterations(), resumedAt, solved.stop(),
                solved.solverCalls(), estimationCalls, cached, tokens, (System.nanoTime() - start) / 1e9,
                policy.rows().size(), visited, size, estimates, exact, solved.checkpoints(),
                new double[] {domain.minPayoff(), domain.maxPayoff()},
                domain.protocolPlayers(), game.instructions().stream().map(Instruction::name).toList(),
                config.judge().label(), config.actions().label(),
                config.observe().label(), config.seedsPerMessage(), options.budgetCalls(), options.budgetSeconds(),
                spent.calls(), spent.seconds(), solved.seconds());
    }

    /** How the solving ended: why, the calls the solver and the checkpoints' estimates made, the seconds it took. */
    private record Solved(String stop, long solverCalls, long estimationCalls, double seconds,
                          List<Checkpoint> checkpoints) {
    }

    /**
     * Iterates until a budget, the iteration limit or a stall (with a call budget: no new call in
     * {@link #STALL_ITERATIONS} iterations) ends the run; estimates the figures and saves the solver at each
     * checkpoint, and saves it at the end.
     */
    private static Solved solve(DialogueGame game, ExperimentConfig config, Options options, Started started,
                                LongSupplier calls, long start, Consumer<Checkpoint> onCheckpoint) throws IOException {
        IterativeSolver solver = started.solver();
        Spent spent = started.spent();
        int resumedAt = solver.iterations();
        List<Checkpoint> checkpoints = new ArrayList<>();
        long estimationCalls = 0;
        long nextCheckpoint = options.checkpointEvery();
        long lastNew = 0;
        int lastNewAt = solver.iterations();
        String stop;
        long solveStart = System.nanoTime();
        while (true) {
            // the budget is the total over the original run and its resumptions
            long used = spent.calls() + calls.getAsLong() - estimationCalls;
            double elapsed = spent.seconds() + (System.nanoTime() - solveStart) / 1e9;
            if (options.budgetCalls() > 0 && used >= options.budgetCalls()) {
                stop = "budget of " + options.budgetCalls() + " calls";
                break;
            }
            if (options.budgetSeconds() > 0 && elapsed >= options.budgetSeconds()) {
                stop = "budget of " + options.budgetSeconds() + " s";
                break;
            }
            if (solver.iterations() - resumedAt >= options.maxIterations()) {
                stop = "iterations";
                break;
            }
            if (used - spent.calls() > lastNew) {
                lastNew = used - spent.calls();
                lastNewAt = solver.iterations();
            } else if (options.budgetCalls() > 0 && solver.iterations() - lastNewAt >= STALL_ITERATIONS) {
                stop = "no new call in " + STALL_ITERATIONS + " iterations (every reachable message generated)";
                break;
            }
            solver.iterate();
            if (options.checkpointEvery() > 0 && calls.getAsLong() - estimationCalls >= nextCheckpoint) {
                long beforeEstimate = calls.getAsLong();
                TabularPolicy average = solver.averagePolicy();
                SampledEstimates e = SampledEstimates.of(game, average, options.playouts(),
                        options.responseIterations(), config.seed() + 1, calls);
                estimationCalls += calls.getAsLong() - beforeEstimate;
                Checkpoint c = new Checkpoint(solver.iterations(), calls.getAsLong() - estimationCalls,
                        (System.nanoTime() - start) / 1e9, average.rows().size(), e);
                checkpoints.add(c);
                save(options, solver,  new Spent(spent.calls() + c.calls(),
                        spent.seconds() + (System.nanoTime() - solveStart) / 1e9));
                onCheckpoint.accept(c);
                while (nextCheckpoint <= calls.getAsLong() - estimationCalls) {
                    nextCheckpoint += options.checkpointEvery();
                }
            }
        }
        long solverCalls = calls.getAsLong() - estimationCalls;
        double solvingSeconds = (System.nanoTime() - solveStart) / 1e9;
        save(options, solver, new Spent(spent.calls() + solverCalls, spent.seconds() + solvingSeconds));
        LOG.info("{}: {} iterations of {}, {} calls: {}", config.domain().name(), solver.iterations(),
                options.solver().name(), solverCalls, stop);
        return new Solved(stop, solverCalls, estimationCalls, solvingSeconds, checkpoints);
    }

    /** The solver a run starts from, and what earlier runs it continues spent. */
    private record Started(IterativeSolver solver, Spent spent) {
    }

    /**
     * A fresh solver (one whose run can be saved, if the kind's can), or the one saved in {@code options.resume()}
     * (same solver; its own seed is kept).
     */
    private static Started start(DialogueGame game, ExperimentConfig config, Options options) throws IOException {
        SolverKind kind = options.solver();
        if (options.resume() == null) {
            return new Started(kind.saving().map(s -> s.start(game, config.seed()))
                    .orElseGet(() -> kind.onGame(game, config.seed())), Spent.NONE);
        }
        SolverKind.Saved saved;
        Spent spent;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(options.resume()))) {
            spent = Spent.read(in);
            saved = kind.saving().orElseThrow().resume(game, in);
        } catch (IOException e) {
            throw new IOException(options.resume() + ": " + e.getMessage(), e);
        }
        if (!saved.name().equals(kind.name())) {
            throw new IOException(options.resume() + " holds a " + saved.name() + " solver, not " + kind.name());
        }
        if (saved.seed() != config.seed()) {
            LOG.info("resumed solver seeded {}, not the configured seed {}: its seed is kept", saved.seed(),
                    config.seed());
        }
        return new Started(saved.solver(), spent);
    }

    /**
     * The exact figures of the sampled profile. Offline the tree is compiled from a fresh game that remembers nothing
     * (one pass meets no message twice), not from the sampled game, whose memo would grow to every message of the
     * tree; with a model, from the sampled game, whose cache holds what sampling generated.
     */
    private static Exact exact(DialogueGame game, TabularPolicy policy, long maxNodes, Supplier<RunStats> llmStats,
                               LongSupplier calls) {
        if (llmStats.get() != null) {
            return exact(game, policy, maxNodes, calls);
        }
        DialogueGame fresh = game.withMemo(DialogueGame.Memo.NONE);
        return exact(fresh, policy, maxNodes, () -> fresh.account().verification().requested());
    }

    /** Expands the (small) tree and measures the sampled profile exactly. */
    static Exact exact(DialogueGame game, TabularPolicy policy, long maxNodes, LongSupplier calls) {
        long before = calls.getAsLong();
        BaselinePolicy.Collector baseline = new BaselinePolicy.Collector(game);
        GameTree tree = GameTree.compile(game, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(maxNodes, 1)),
                baseline);
        double[] eq = policy.toSlots(tree);
        double[] base = baseline.slots(tree);
        return new Exact(tree.numNodes(), tree.numInfosets(), Exploitability.nashConv(tree, eq),
                ProfileMetrics.cfrGain(tree, eq, base), Exploitability.expectedValues(tree, eq),
                ProfileMetrics.guidedVsBaseline(tree, eq, base), Exploitability.expectedValues(tree, base),
                calls.getAsLong() - before);
    }

    /**
     * What a saved run had spent of its budget, written before the solver in the state file, so that a resumed
     * run's {@code --budget-calls} and {@code --budget-seconds} count the total over the original run and its
     * resumptions. A file saved before this header existed (a bare solver, gzip) reads as nothing spent.
     */
    record Spent(long calls, double seconds) {

        static final Spent NONE = new Spent(0, 0);

        private static final String MAGIC = "parley-sampled-run-1";

        void write(OutputStream out) throws IOException {
            DataOutputStream o = new DataOutputStream(out);
            o.writeUTF(MAGIC);
            o.writeLong(calls);
            o.writeDouble(seconds);
            o.flush();
        }

        /** Reads the header from {@code in} (which must support mark), leaving the solver to be read after it. */
        static Spent read(InputStream in) throws IOException {
            in.mark(64);
            int b0 = in.read();
            int b1 = in.read();
            in.reset();
            if (b0 == 0x1f && b1 == 0x8b) {
                return NONE;
            }
            DataInputStream i = new DataInputStream(in);
            try {
                if (!MAGIC.equals(i.readUTF())) {
                    throw new IOException("not a saved Parley sampled run");
                }
                return new Spent(i.readLong(), i.readDouble());
            } catch (java.io.EOFException | java.io.UTFDataFormatException e) {
                throw new IOException("not a saved Parley sampled run");
            }
        }
    }

    /**
     * Refuses, before any work, a file that is not a saved sampled run: its header alone is read (the solver after it
     * is checked against the game when the run resumes).
     *
     * @throws IOException naming the file and what is wrong
     */
    public static void checkSaved(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            Spent.read(in);
        } catch (IOException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes through a temporary file, so an interrupted save never leaves half a solver behind. */
    private static void save(Options options, IterativeSolver solver, Spent spent) throws IOException {
        Path file = options.state();
        if (file == null) {
            return;
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            spent.write(out);
            options.solver().saving().orElseThrow().save(solver, out);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
