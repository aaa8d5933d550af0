package dev.parley.cli;

import dev.parley.dialogue.Observation;
import picocli.CommandLine.Option;

/** {@code --observe} of the commands that build one dialogue game (experiment, steer): what its infosets hold. */
final class ObserveOption {

    @Option(names = "--observe", defaultValue = "words", paramLabel = "WHAT",
            description = "What information states hold of each message: words (default; the paper's game; an"
                    + " agent matches another player's free words to the nearest wording with in-process MiniLM"
                    + " embeddings) or moves (the move and its verified content only: a smaller game whose policy"
                    + " fits any wording, located exactly).")
    String observe;

    /** The observation named, refused with the option's name if it is none. */
    Observation observation() {
        return UserInputException.parsed("--observe", () -> Observation.parse(observe));
    }
}
