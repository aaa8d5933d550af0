package dev.parley.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The check every command makes, before any work, of a file or directory it will write at the end: a long run must
 * not be lost to a path that cannot be written. A missing directory is fine (it is made when writing); a path that
 * lies under a file is not, nor a file where a directory is wanted, or the other way round.
 */
final class OutputPaths {

    private OutputPaths() {
    }

    /** Refuses a {@code file} for {@code option} that is a directory or lies under a file. */
    static void checkFile(String option, Path file) {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new UserInputException(option + " " + file + " is a directory; name a file");
        }
        checkAbove(option, file);
    }

    /** Refuses a directory {@code dir} for {@code option} that is a file or lies under a file. */
    static void checkDirectory(String option, Path dir) {
        if (dir == null) {
            return;
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UserInputException(option + " " + dir + " is a file, not a directory");
        }
        checkAbove(option, dir);
    }

    /** The nearest existing directory above {@code path} must be one: no directory can be made under a file. */
    private static void checkAbove(String option, Path path) {
        for (Path up = path.toAbsolutePath().getParent(); up != null; up = up.getParent()) {
            if (Files.exists(up)) {
                if (!Files.isDirectory(up)) {
                    throw new UserInputException(option + " " + path + ": " + up + " is a file, not a directory");
                }
                return;
            }
        }
    }
}
