package dev.parley.cli;

import picocli.CommandLine.Option;

/** {@code --max-replies} of study human-imitation and human-solver, which both solve a game over CaSiNo's priorities. */
final class StudyMaxRepliesOption {

    @Option(names = "--max-replies", defaultValue = "3", paramLabel = "R",
            description = "Longest dialogue of the solved game in messages (default ${DEFAULT-VALUE}, as"
                    + " parley experiment).")
    int maxReplies;

    /** Checks that a dialogue has at least one message. */
    void check() {
        StudyCommand.atLeast(maxReplies, 1, "--max-replies");
    }
}
