package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.experiment.ExperimentConfig;
import dev.parley.experiment.ExperimentRunner;
import dev.parley.experiment.SampledExperiment;
import dev.parley.experiment.SampledReportWriter;
import dev.parley.experiment.SeededReport;
import dev.parley.experiment.SeededSampledReport;
import dev.parley.experiment.ShiftedSeeds;
import dev.parley.game.GameModelException;
import dev.parley.llm.LlmException;
import java.io.IOException;
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

    /**
     * Runs {@code config} for {@code seeds} seeds from {@code config.seed()}, refusing a tree estimated over
     * {@code maxNodes} before building it; {@code bar} shows nodes, then iterations.
     */
    static SeededReport run(LlmOptions.Session session, Domain domain, ExperimentConfig config, int seeds,
                            String judge, boolean judgeSummary, Progress bar, long maxNodes) {
        return new SeededReport(seedsOf(config, seeds), each(session, domain, config, seeds, judge, judgeSummary,
                (i, c, moves, reward) -> ExperimentRunner.run(domain, c, moves, reward,
                        () -> session.offline() ? null : session.stats(), bar::building,
                        done -> bar.solving(done, c.iterations()), maxNodes)));
    }

    /**
     * {@code config} solved by sampling on the lazy game for {@code seeds} seeds from {@code config.seed()}: each
     * seed draws its own scenarios and seeds its own solver, best responses and playouts. {@code checkpoint} is told
     * each checkpoint's line.
     */
    static SeededSampledReport sampled(LlmOptions.Session session, Domain domain, ExperimentConfig config,
                                       SampledExperiment.Options options, int seeds, String judge,
                                       boolean judgeSummary, java.util.function.Consumer<String> checkpoint) {
        return new SeededSampledReport(seedsOf(config, seeds), each(session, domain, config, seeds, judge,
                judgeSummary, (i, c, moves, reward) -> {
                    String label = seeds == 1 ? domain.name() : domain.name() + " seed " + c.seed();
                    return SampledExperiment.run(domain, c, options, moves, reward,
                            () -> session.offline() ? null : session.stats(),
                            cp -> checkpoint.accept(SampledReportWriter.checkpointLine(label, cp)));
                }));
    }

    /** One seed's run, given its configuration, move generator and reward model. */
    interface OneRun<T> {
        T run(int index, ExperimentConfig config, MoveGenerator moves, RewardModel reward) throws IOException;
    }

    private static List<Long> seedsOf(ExperimentConfig config, int seeds) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            out.add(config.seed() + i);
        }
        return out;
    }

    /**
     * Runs {@code run} for seeds {@code config.seed() + i}: each with its seed in the configuration (scenario draws,
     * solver), its judge seeded alike and, with a model, shifted sampling seeds; failures become one line.
     */
    private static <T> List<T> each(LlmOptions.Session session, Domain domain, ExperimentConfig config, int seeds,
                                    String judge, boolean judgeSummary, OneRun<T> run) {
        List<T> out = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            long seed = config.seed() + i;
            ExperimentConfig c = withSeed(config, seed);
            RewardModel reward = session.reward(domain, judge, seed, judgeSummary);
            // offline the planner's content is the same for every sampling seed; only the scenarios change
            MoveGenerator moves = session.offline() ? session.moves(domain)
                    : ShiftedSeeds.forRun(session.moves(domain), i);
            try {
                out.add(run.run(i, c, moves, reward));
            } catch (IOException | GameModelException e) {
                throw new UserInputException(domain.name() + ": " + e.getMessage());
            } catch (LlmException e) {
                throw new UserInputException(domain.name() + ": language model: " + e.getMessage());
            }
        }
        return out;
    }

    static ExperimentConfig withSeed(ExperimentConfig c, long seed) {
        return new ExperimentConfig(c.domain(), c.scenarios(), c.maxReplies(), c.solver(), c.iterations(), seed,
                c.concurrency(), c.curvePoints(), c.actions(), c.observe(), c.seedsPerMessage(), c.dialogues());
    }
}
