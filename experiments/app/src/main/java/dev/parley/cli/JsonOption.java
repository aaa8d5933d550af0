package dev.parley.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --json}, which every command that prints a result shares (a picocli mixin), with the streams of the command
 * that mixes it in: a command that only prints needs no spec of its own.
 */
class JsonOption {

    @Option(names = "--json", description = "Print JSON instead of the table or text.")
    boolean json;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Whether JSON was asked for. */
    boolean on() {
        return json;
    }

    /** The command's standard output (picocli's writer, which the tests replace). */
    PrintWriter out() {
        return command.commandLine().getOut();
    }

    /** The command's error stream: progress and the files written. */
    PrintWriter err() {
        return command.commandLine().getErr();
    }
}
