package dev.parley.cli;

import picocli.CommandLine.Option;

/** How long the solver runs, for the commands that solve a dialogue game before they use it. */
final class IterationsOption {

    @Option(names = "--iterations", paramLabel = "N", description = "Solver iterations (default ${DEFAULT-VALUE}).")
    int iterations = 200;
}
