package dev.parley.experiment;

import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.llm.RunStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One experiment, run for R seeds {@code seed, seed + 1, ...}: each seed draws its own scenarios, seeds its solver
 * and its judge alike and, with a model, shifts its sampling seeds. The mode says which experiment: the exact
 * figures on the expanded tree, estimates by sampling on the lazily generated game, or the cost curve of the two.
 * This is the one place the three branch.
 */
public final class Experiment {

    private Experiment() {
    }

    /** Told the progress of an exact run: the nodes built so far, then the iterations solved. */
    public interface Progress {
        void building(long nodes);

        void solving(long done, long total);

        /** Shows nothing. */
        Progress NONE = new Progress() {
            @Override
            public void building(long nodes) {
            }

            @Override
            public void solving(long done, long total) {
            }
        };
    }

    /** Which experiment. */
    public sealed interface Mode permits Exact, Sampled, Curve { }

    /** Full expansion and the exact figures, refusing a tree estimated over {@code maxNodes} before building it. */
    public record Exact(long maxNodes, Progress progress) implements Mode { }

    /** A sampled solver (Monte-Carlo CFR) on the lazy game; {@code checkpoint} is told each checkpoint's line. */
    public record Sampled(SampledExperiment.Options options, Consumer<String> checkpoint) implements Mode { }

    /** NashConv against model calls, full expansion against sampling on the lazy game. */
    public record Curve(CostCurve.Limits limits, long maxNodes) implements Mode { }

    /** What a mode's run gives, one report per seed. */
    public sealed interface Result permits ExactResult, SampledResult, CurveResult { }

    public record ExactResult(SeededReport report) implements Result { }

    public record SampledResult(SeededSampledReport report) implements Result { }

    public record CurveResult(SeededCurve curve) implements Result { }

    /**
     * Runs {@code config} in {@code mode} for {@code seeds} seeds from {@code config.seed()}.
     *
     * @throws java.io.UncheckedIOException a solver state that cannot be read or written (sampled runs)
     */
    public static Result run(Backend backend, ExperimentConfig config, int seeds, Mode mode) {
        List<Long> used = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            used.add(config.seed() + i);
        }
        Supplier<RunStats> stats = () -> backend.offline() ? null : backend.stats();
        if (mode instanceof Exact e) {
            return new ExactResult(new SeededReport(used, each(backend, config, seeds, (c, moves) ->
                    ExperimentRunner.run(c, moves.get(), reward(backend, c), stats, e.progress()::building,
                            done -> e.progress().solving(done, c.iterations()), e.maxNodes()))));
        }
        if (mode instanceof Sampled s) {
            return new SampledResult(new SeededSampledReport(used, each(backend, config, seeds, (c, moves) -> {
                String name = c.domain().name();
                String label = seeds == 1 ? name : name + " seed " + c.seed();
                try {
                    return SampledExperiment.run(c, s.options(), moves.get(), reward(backend, c), stats,
                            cp -> s.checkpoint().accept(SampledReportWriter.checkpointLine(label, cp)));
                } catch (IOException ex) {
                    throw new UncheckedIOException(ex);
                }
            })));
        }
        Curve k = (Curve) mode;
        return new CurveResult(new SeededCurve(used, each(backend, config, seeds, (c, moves) ->
                CostCurve.run(c, moves, () -> reward(backend, c), k.limits(), k.maxNodes(),
                        backend.offline() ? null : () -> backend.stats().calls()))));
    }

    /** One seed's run, given its configuration and a maker of its move generator. */
    private interface OneRun<T> {
        T run(ExperimentConfig config, Supplier<MoveGenerator> moves);
    }

    /** The per-seed loop: seed {@code config.seed() + i} in the configuration, and shifted sampling seeds. */
    private static <T> List<T> each(Backend backend, ExperimentConfig config, int seeds, OneRun<T> run) {
        List<T> out = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            ExperimentConfig c = config.withSeed(config.seed() + i);
            int shift = i;
            // offline the planner's content is the same for every sampling seed; only the scenarios change
            out.add(run.run(c, () -> backend.offline() ? backend.moves(c.domain())
                    : ShiftedSeeds.forRun(backend.moves(c.domain()), shift)));
        }
        return out;
    }

    private static RewardModel reward(Backend backend, ExperimentConfig c) {
        return backend.reward(c.domain(), c.judge(), c.seed());
    }
}
