package dev.parley.cli;

import picocli.CommandLine.Option;

/** {@code --json}, which every command that prints a result shares (a picocli mixin). */
final class JsonOption {

    @Option(names = "--json", description = "Print JSON instead of the table or text.")
    boolean json;

    /** Whether JSON was asked for. */
    boolean on() {
        return json;
    }
}
