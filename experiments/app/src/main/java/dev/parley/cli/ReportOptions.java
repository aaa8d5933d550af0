package dev.parley.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --json} and {@code --out DIR} of every command that prints a report and can write its files into a
 * directory (a picocli mixin). One option, one check and one writer serve them all; the files differ by command, so
 * each lists them in its help under {@link #FILES}.
 */
final class ReportOptions extends JsonOption {

    /** The heading of a command's footer that names the files {@code --out} writes. */
    static final String FILES = "%nFiles written with --out DIR:%n";

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write the report's files into DIR, made if missing (listed below).")
    Path dir;

    /** What writes a report's files into a directory and returns the paths it wrote. */
    interface DirWriter {
        List<Path> write(Path dir) throws IOException;
    }

    /** Whether {@code --out} was given. */
    boolean toDir() {
        return dir != null;
    }

    /** Refuses, before any work, a {@code --out} that names an existing file or lies under one. */
    ReportOptions check() {
        OutputPaths.checkDirectory("--out", dir);
        return this;
    }

    /**
     * Writes the report's files into {@code --out} (nothing without it) and names each on the error stream.
     *
     * @param what what is written, for the message when writing fails ("report", "curve", "study")
     */
    void writeFiles(String what, DirWriter writer) {
        if (dir == null) {
            return;
        }
        try {
            for (Path p : writer.write(dir)) {
                err().println("wrote " + p);
            }
        } catch (IOException e) {
            throw new UserInputException("cannot write the " + what + " to " + dir + ": " + e.getMessage());
        }
    }
}
