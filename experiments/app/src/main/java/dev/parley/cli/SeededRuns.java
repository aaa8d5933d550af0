package dev.parley.cli;

import dev.parley.experiment.Backend;
import dev.parley.experiment.Experiment;
import dev.parley.experiment.ExperimentConfig;
import dev.parley.game.GameModelException;
import dev.parley.llm.LlmException;
import java.io.UncheckedIOException;

/**
 * {@code --seeds R} on the command line: the check of R, and {@link Experiment#run} with the domain named in front
 * of what fails. Shared by {@code experiment} and {@code sweep}.
 */
final class SeededRuns {

    private SeededRuns() {
    }

    /** {@code config} in {@code mode} for {@code seeds} seeds; a failure names the domain. */
    static Experiment.Result run(Backend backend, ExperimentConfig config, int seeds, Experiment.Mode mode) {
        String domain = config.domain().name();
        try {
            return Experiment.run(backend, config, seeds, mode);
        } catch (UncheckedIOException e) {
            throw new UserInputException(domain + ": " + UserInputException.reason(e.getCause()));
        } catch (LlmException e) {
            throw e.in("language model").in(domain);
        } catch (GameModelException e) {
            throw e.in(domain);
        }
    }
}
