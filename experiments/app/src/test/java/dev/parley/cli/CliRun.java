package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
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

    /** Standard output read as JSON, once the run is checked to have exited 0 (standard error says why not). */
    JsonNode successJson() {
        assertThat(code).as(err).isZero();
        try {
            return Json.MAPPER.readTree(out);
        } catch (IOException e) {
            throw new UncheckedIOException("standard output is not JSON: " + out, e);
        }
    }

    /** An environment with just {@code variables} and {@code home}. */
    static CliEnvironment environment(Path home, Map<String, String> variables) {
        return new CliEnvironment(variables, home);
    }
}
