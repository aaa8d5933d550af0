package dev.parley.cli;

import picocli.CommandLine.Option;

/** {@code --threads} of serve and serve-bench, which both size the dialogue server's request pool with it. */
final class ServerThreadsOption {

    @Option(names = "--threads", defaultValue = "16", paramLabel = "N",
            description = "Server request threads (default: ${DEFAULT-VALUE}).")
    int threads;
}
