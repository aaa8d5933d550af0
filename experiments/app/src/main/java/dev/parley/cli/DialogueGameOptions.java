package dev.parley.cli;

import dev.parley.error.InvalidSettingException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of every command that deals a dialogue game: how many scenarios chance deals, the longest dialogue,
 * and the seed of every random draw ({@link SeedOption}). Each command gives its own defaults, as the field values of
 * its instance.
 */
final class DialogueGameOptions {

    @Option(names = "--scenarios", paramLabel = "K",
            description = "Scenarios chance deals (the first is the domain's default; default ${DEFAULT-VALUE}).")
    int scenarios;

    @Mixin
    MaxRepliesOption replies;

    @Mixin
    SeedOption seedOption = new SeedOption(1);

    /** Picocli's instance, for a command that leaves the defaults to it: 4 scenarios of at most 3 messages. */
    DialogueGameOptions() {
        this(4, 3);
    }

    DialogueGameOptions(int scenarios, int maxReplies) {
        this.scenarios = scenarios;
        this.replies = new MaxRepliesOption(maxReplies);
    }

    /** The longest dialogue, in messages. */
    int maxReplies() {
        return replies.maxReplies;
    }

    /** The seed of the scenario draws, the sampling and the judging. */
    long seed() {
        return seedOption.seed;
    }

    /** Refuses a game of no scenario or no message, before any work. */
    DialogueGameOptions check() {
        InvalidSettingException.atLeast("scenarios", scenarios, 1);
        replies.check();
        return this;
    }
}
