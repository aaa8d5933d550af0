package dev.parley.experiment;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Observation;
import java.util.Objects;

/**
 * One run of {@code parley experiment}.
 *
 * @param domain         the domain's name
 * @param scenarios      how many scenarios chance deals (the first is the domain's default)
 * @param maxReplies     the dialogue's length limit in messages
 * @param solver         the CFR variant
 * @param iterations     solver iterations
 * @param seed           seed for the scenario draws and the generator
 * @param concurrency    how many messages are generated at once while building the tree
 * @param curvePoints    how many NashConv measurements to take along the run (for the chart)
 * @param actions        what the solver chooses (move × instruction, or the instruction alone)
 * @param observe        what information states hold of the public messages (words, or moves and content)
 * @param seedsPerMessage sampling seeds chance chooses among after each decision (OpenSpiel's num_llm_seeds)
 * @param dialogues      how many of the most probable dialogues of each profile the report keeps
 */
public record ExperimentConfig(String domain, int scenarios, int maxReplies, CfrVariant solver, int iterations,
                               long seed, int concurrency, int curvePoints, ActionSpace actions,
                               Observation observe, int seedsPerMessage, int dialogues) {

    public ExperimentConfig {
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(solver, "solver");
        Objects.requireNonNull(actions, "actions");
        Objects.requireNonNull(observe, "observe");
        require(scenarios, "--scenarios");
        require(maxReplies, "--max-replies");
        require(iterations, "--iterations");
        require(concurrency, "the concurrency");
        require(curvePoints, "the number of curve points");
        require(seedsPerMessage, "--seeds-per-message");
        if (dialogues < 0) {
            throw new IllegalArgumentException("--dialogues must be at least 0, got " + dialogues);
        }
    }

    private static void require(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + value);
        }
    }

    /** The defaults of every command that builds a domain's game: move × instruction, words observed, one seed. */
    public static ExperimentConfig of(String domain, int scenarios, int maxReplies, CfrVariant solver,
                                      int iterations, long seed) {
        return new ExperimentConfig(domain, scenarios, maxReplies, solver, iterations, seed, 1, 50,
                ActionSpace.MOVE_X_INSTRUCTION, Observation.WORDS, 1, 10);
    }

    /** The game's settings. */
    public DialogueGame.Settings settings() {
        return new DialogueGame.Settings(maxReplies, seedsPerMessage, actions, observe);
    }
}
