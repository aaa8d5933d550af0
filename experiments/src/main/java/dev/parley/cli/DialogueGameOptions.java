package dev.parley.cli;

import dev.parley.error.InvalidSettingException;
import picocli.CommandLine.Option;

/**
 * The options of every command that deals a dialogue game: how many scenarios chance deals, the longest dialogue,
 * and the seed of every random draw. Each command gives its own defaults, as the field values of its instance.
 */
final class DialogueGameOptions {

    @Option(names = "--scenarios", paramLabel = "K",
            description = "Scenarios chance deals (the first is the domain's default; default ${DEFAULT-VALUE}).")
    int scenarios;

    @Option(names = "--max-replies", paramLabel = "R",
            description = "Longest dialogue, in messages (default ${DEFAULT-VALUE}).")
    int maxReplies;

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed of the scenario draws, the sampling and the judging (default ${DEFAULT-VALUE}).")
    long seed;

    /** Picocli's instance, for a command that leaves the defaults to it: 4 scenarios of at most 3 messages. */
    DialogueGameOptions() {
        this(4, 3);
    }

    DialogueGameOptions(int scenarios, int maxReplies) {
        this.scenarios = scenarios;
        this.maxReplies = maxReplies;
        this.seed = 1;
    }

    /** Refuses a game of no scenario or no message, before any work. */
    DialogueGameOptions check() {
        InvalidSettingException.atLeast("scenarios", scenarios, 1);
        InvalidSettingException.atLeast("maxReplies", maxReplies, 1);
        return this;
    }
}
