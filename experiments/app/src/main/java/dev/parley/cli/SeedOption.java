package dev.parley.cli;

import picocli.CommandLine.Option;

/** The seed of a command's random draws, for the commands that deal no dialogue game of their own. */
final class SeedOption {

    @Option(names = "--seed", paramLabel = "S", description = "Seed of every random draw (default ${DEFAULT-VALUE}).")
    long seed;

    SeedOption() {
        this(1);
    }

    SeedOption(long seed) {
        this.seed = seed;
    }
}
