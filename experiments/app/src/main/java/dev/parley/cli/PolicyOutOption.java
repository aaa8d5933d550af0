package dev.parley.cli;

import dev.parley.game.TabularPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --policy-out FILE} of the commands that find a policy (solve, psro, steer): one check before any work, so a
 * long solve is never lost to a path that cannot be written, and one writer, in the JSON that {@code steer --policy}
 * reads. A missing directory is made, as for every file Parley writes ({@code --out}, {@code --model-out},
 * {@code --state}).
 */
final class PolicyOutOption {

    @Option(names = "--policy-out", paramLabel = "FILE",
            description = "Write the policy to FILE as JSON, the format steer --policy reads: solve's average policy,"
                    + " psro's last meta-strategy (with --game; each player mixes its population by its weights),"
                    + " the policy steer plays. Its directory is made if missing.")
    Path file;

    /** Refuses, before any work, a FILE that is a directory or that lies under a file ({@link OutputPaths}). */
    PolicyOutOption check() {
        OutputPaths.checkFile("--policy-out", file);
        return this;
    }

    /** Whether {@code --policy-out} was given. */
    boolean on() {
        return file != null;
    }

    /** Writes {@code policy} to FILE (nothing without {@code --policy-out}). */
    void write(TabularPolicy policy) {
        if (file == null) {
            return;
        }
        try {
            Path folder = file.toAbsolutePath().getParent();
            if (folder != null) {
                Files.createDirectories(folder);
            }
            policy.write(file);
        } catch (IOException e) {
            throw new UserInputException("cannot write the policy to " + file + ": " + UserInputException.reason(e));
        }
    }
}
