package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.experiment.ExperimentConfig;
import dev.parley.experiment.ExperimentReport;
import dev.parley.experiment.ExperimentRunner;
import dev.parley.experiment.SampledExperiment;
import dev.parley.experiment.SampledReport;
import dev.parley.experiment.SampledReportWriter;
import dev.parley.experiment.SeededReport;
import dev.parley.experiment.SeededSampledReport;
import dev.parley.experiment.ShiftedSeeds;
import dev.parley.game.GameModelException;
import dev.parley.llm.LlmException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --seeds R}: R independent runs of one experiment, with seeds {@code seed, seed + 1, ...} for the scenario
 * draws and the judge, and (with a model) shifted sampling seeds. Shared by {@code experiment} and {@code sweep}.
 */
final class SeededRuns {

    private SeededRuns() {
    }

    static void checkSeeds(int seeds) {
        if (seeds < 1) {
            throw new UserInputException("--seeds must be at least 1, got " + seeds);
        }
    }

    /** Runs {@code config} for {@code seeds} seeds from {@code config.seed()}; {@code bar} shows nodes, then iterations. */
    static SeededReport run(LlmOptions.Session session, Domain domain, ExperimentConfig config, int seeds,
                            String judge, boolean judgeSummary, Progress bar) {
        return run(session, domain, config, seeds, judge, judgeSummary, bar, ExperimentRunner.MAX_NODES);
    }

    /** The same, refusing a tree estimated over {@code maxNodes} before building it. */
    static SeededReport run(LlmOptions.Session session, Domain domain, ExperimentConfig config, int seeds,
                            String judge, boolean judgeSummary, Progress bar, long maxNodes) {
        List<Long> used = new ArrayList<>();
        List<ExperimentReport> reports = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            long seed = config.seed() + i;
            ExperimentConfig c = withSeed(config, seed);
            RewardModel reward = session.reward(domain, judge, seed, judgeSummary);
            // offline the planner's content is the same for every sampling seed; only the scenarios change
            MoveGenerator moves = session.offline() ? session.moves(domain)
                    : ShiftedSeeds.forRun(session.moves(domain), i);
            try {
                reports.add(ExperimentRunner.run(domain, c, moves, reward,
                        () -> session.offline() ? null : session.stats(), bar::building,
                        done -> bar.solving(done, c.iterations()), maxNodes));
            } catch (GameModelException e) {
                throw new UserInputException(domain.name() + ": " + e.getMessage());
            } catch (LlmException e) {
                throw new UserInputException(domain.name() + ": language model: " + e.getMessage());
            }
            used.add(seed);
        }
        return new SeededReport(used, reports);
    }

    /**
     * {@code config} solved by sampling on the lazy game for {@code seeds} seeds from {@code config.seed()}: each
     * seed draws its own scenarios and seeds its own solver, best responses and playouts. {@code checkpoint} is told
     * each checkpoint's line.
     */
    static SeededSampledReport sampled(LlmOptions.Session session, Domain domain, ExperimentConfig config,
                                       SampledExperiment.Options options, int seeds, String judge,
                                       boolean judgeSummary, java.util.function.Consumer<String> checkpoint) {
        List<Long> used = new ArrayList<>();
        List<SampledReport> reports = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            long seed = config.seed() + i;
            ExperimentConfig c = withSeed(config, seed);
            RewardModel reward = session.reward(domain, judge, seed, judgeSummary);
            MoveGenerator moves = session.offline() ? session.moves(domain)
                    : ShiftedSeeds.forRun(session.moves(domain), i);
            String label = seeds == 1 ? domain.name() : domain.name() + " seed " + seed;
            try {
                reports.add(SampledExperiment.run(domain, c, options, moves, reward,
                        () -> session.offline() ? null : session.stats(),
                        cp -> checkpoint.accept(SampledReportWriter.checkpointLine(label, cp))));
            } catch (java.io.IOException e) {
                throw new UserInputException(domain.name() + ": " + e.getMessage());
            } catch (GameModelException e) {
                throw new UserInputException(domain.name() + ": " + e.getMessage());
            } catch (LlmException e) {
                throw new UserInputException(domain.name() + ": language model: " + e.getMessage());
            }
            used.add(seed);
        }
        return new SeededSampledReport(used, reports);
    }

    static ExperimentConfig withSeed(ExperimentConfig c, long seed) {
        return new ExperimentConfig(c.domain(), c.scenarios(), c.maxReplies(), c.solver(), c.iterations(), seed,
                c.concurrency(), c.curvePoints(), c.actions(), c.observe(), c.seedsPerMessage(), c.dialogues());
    }
}
