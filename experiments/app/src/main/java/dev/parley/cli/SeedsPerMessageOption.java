package dev.parley.cli;

import picocli.CommandLine.Option;

/** {@code --seeds-per-message} of experiment and sweep, which both pass it to the sampled dialogue game. */
final class SeedsPerMessageOption {

    @Option(names = "--seeds-per-message", defaultValue = "1", paramLabel = "K",
            description = "Sampling seeds chance picks among after every decision (OpenSpiel's num_llm_seeds;"
                    + " default ${DEFAULT-VALUE}).")
    int seedsPerMessage;
}
