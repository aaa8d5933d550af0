package dev.parley.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the command line in-process: its exit code, standard output and standard error. */
record CliRun(int code, String out, String err) {

    static CliRun parley(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Parley.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
