package dev.parley.cli;

import picocli.CommandLine.Option;

/**
 * {@code --seeds R} of the commands that repeat their work over seeds (experiment, imitate, sweep): R independent runs
 * with seeds S, S+1, ..., S+R-1, every figure reported as mean, standard error and t interval over them.
 */
final class SeedsOption {

    @Option(names = "--seeds", defaultValue = "1", paramLabel = "R",
            description = "Independent runs with seeds S, S+1, ..., S+R-1, each drawing anew everything that is"
                    + " random (the scenarios, the judge, a model's sampling, a split, a network's weights, a"
                    + " sampling solver); every figure becomes mean, standard error and 95%% t interval over the"
                    + " runs (default ${DEFAULT-VALUE}).")
    int seeds;

    /** The number of runs, refused below 1 before any work. */
    int check() {
        Bounds.atLeast(seeds, 1, "--seeds");
        return seeds;
    }
}
