package dev.parley.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --out DIR} of every command that writes its report's files into a directory (a picocli mixin). One option
 * and one check serve them all; the files differ by command, so each lists them in its help under {@link #FILES}.
 */
final class ReportDirOption {

    /** The heading of a command's footer that names the files {@code --out} writes. */
    static final String FILES = "%nFiles written with --out DIR:%n";

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write the report's files into DIR, made if missing (listed below).")
    Path dir;

    /** Whether {@code --out} was given. */
    boolean given() {
        return dir != null;
    }

    /** Refuses, before any work, a {@code --out} that names an existing file. */
    ReportDirOption check() {
        if (dir != null && Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UserInputException("--out " + dir + " is a file, not a directory");
        }
        return this;
    }
}
