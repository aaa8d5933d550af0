package dev.parley.cli;

import java.util.List;
import picocli.CommandLine.Option;

/** Training and meta-game options of imitate and study human-imitation, which train the same imitation network. */
final class ImitationTrainingOptions {

    @Option(names = "--hidden", defaultValue = "256,256", split = ",", paramLabel = "H",
            description = "Hidden layer sizes of the imitation network (default ${DEFAULT-VALUE}, the paper's).")
    List<Integer> hidden;

    @Option(names = "--epochs", defaultValue = "1000", paramLabel = "N",
            description = "Most epochs (default ${DEFAULT-VALUE}); training stops earlier on the validation split.")
    int epochs;

    @Option(names = "--patience", defaultValue = "200", paramLabel = "N",
            description = "Epochs without a better validation loss before stopping (default ${DEFAULT-VALUE}).")
    int patience;

    @Option(names = "--meta-solver", defaultValue = "nash", paramLabel = "SOLVER",
            description = "Solves the meta-game (default ${DEFAULT-VALUE}; any of parley nfg's).")
    String metaSolver;

    /** Checks --epochs and --patience and returns the --hidden layer sizes. */
    int[] check() {
        Bounds.atLeast(epochs, 1, "--epochs");
        Bounds.atLeast(patience, 1, "--patience");
        return StudyCommand.layerSizes(hidden);
    }
}
