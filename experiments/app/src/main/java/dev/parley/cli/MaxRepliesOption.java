package dev.parley.cli;

import dev.parley.error.InvalidSettingException;
import picocli.CommandLine.Option;

/**
 * {@code --max-replies}: the longest dialogue of the game a command builds, in messages. Every command that deals a
 * game has it through {@link DialogueGameOptions}; the studies that solve a game over CaSiNo's priorities (human
 * imitation, human solver) have it alone. Each gives its default as the field's value.
 */
final class MaxRepliesOption {

    @Option(names = "--max-replies", paramLabel = "R",
            description = "Longest dialogue, in messages (default ${DEFAULT-VALUE}).")
    int maxReplies;

    /** Picocli's instance: dialogues of at most 3 messages, as parley experiment's default. */
    MaxRepliesOption() {
        this(3);
    }

    MaxRepliesOption(int maxReplies) {
        this.maxReplies = maxReplies;
    }

    /** Refuses a game of no message, before any work. */
    void check() {
        InvalidSettingException.atLeast("maxReplies", maxReplies, 1);
    }
}
