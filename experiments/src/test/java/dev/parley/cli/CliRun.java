package dev.parley.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;

/** One run of the command line in-process: its exit code, standard output and standard error. */
record CliRun(int code, String out, String err) {

    static CliRun parley(String... args) {
        return parley(CliEnvironment.system(), args);
    }

    /** A run with its own environment variables and home directory (the real ones are never read). */
    static CliRun parley(CliEnvironment environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Parley.execute(new PrintWriter(out), new PrintWriter(err), environment, args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** An environment with just {@code variables} and {@code home}. */
    static CliEnvironment environment(Path home, Map<String, String> variables) {
        return new CliEnvironment(variables, home);
    }
}
