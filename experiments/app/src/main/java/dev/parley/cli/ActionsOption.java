package dev.parley.cli;

import dev.parley.dialogue.ActionSpace;
import picocli.CommandLine.Option;

/** {@code --actions} of the commands that build one dialogue game (experiment, study human-imitation). */
final class ActionsOption {

    @Option(names = "--actions", defaultValue = "move-x-instruction", paramLabel = "SPACE",
            description = "What a player chooses at each turn: move-x-instruction (a legal move crossed with an"
                    + " instruction; default) or instruction (the instruction only; the speaker's planner picks the"
                    + " move, as in the paper).")
    String actions;

    /** The action space named, refused with the option's name if it is none. */
    ActionSpace space() {
        return UserInputException.parsed("--actions", () -> ActionSpace.parse(actions));
    }
}
