package dev.parley.experiment;

import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.error.InvalidSettingException;
import dev.parley.solver.SolverKind;
import java.util.Objects;

/**
 * One run of {@code parley experiment}, in typed values: what is played, solved and judged.
 *
 * @param domain         the domain
 * @param scenarios      how many scenarios chance deals (the first is the domain's default)
 * @param maxReplies     the dialogue's length limit in messages
 * @param solver         the solver: an exact one on the expanded tree, or a sampled one (MCCFR) on the lazy game
 * @param iterations     solver iterations
 * @param seed           seed for the scenario draws and the generator
 * @param concurrency    how many messages are generated at once while building the tree
 * @param curvePoints    how many NashConv measurements to take along the run (for the chart)
 * @param actions        what the solver chooses (move × instruction, or the instruction alone)
 * @param observe        what information states hold of the public messages (words, or moves and content)
 * @param seedsPerMessage sampling seeds chance chooses among after each decision (OpenSpiel's num_llm_seeds)
 * @param dialogues      how many of the most probable dialogues of each profile the report keeps
 * @param judge          what scores a finished dialogue, and the label the report gives it
 */
public record ExperimentConfig(Domain domain, int scenarios, int maxReplies, SolverKind solver, int iterations,
                               long seed, int concurrency, int curvePoints, ActionSpace actions,
                               Observation observe, int seedsPerMessage, int dialogues, Judge judge) {

    public ExperimentConfig {
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(solver, "solver");
        Objects.requireNonNull(actions, "actions");
        Objects.requireNonNull(observe, "observe");
        Objects.requireNonNull(judge, "judge");
        InvalidSettingException.atLeast("scenarios", scenarios, 1);
        InvalidSettingException.atLeast("maxReplies", maxReplies, 1);
        InvalidSettingException.atLeast("iterations", iterations, 1);
        InvalidSettingException.atLeast("concurrency", concurrency, 1);
        InvalidSettingException.atLeast("curvePoints", curvePoints, 1);
        InvalidSettingException.atLeast("seedsPerMessage", seedsPerMessage, 1);
        InvalidSettingException.atLeast("dialogues", dialogues, 0);
    }

    /**
     * The defaults of every command that builds a domain's game: move × instruction, words observed, one seed,
     * the exact judge.
     */
    public static ExperimentConfig of(Domain domain, int scenarios, int maxReplies, SolverKind solver,
                                      int iterations, long seed) {
        return new ExperimentConfig(domain, scenarios, maxReplies, solver, iterations, seed, 1, 50,
                ActionSpace.MOVE_X_INSTRUCTION, Observation.WORDS, 1, 10, Judge.EXACT);
    }

    /** The same run with another seed (scenario draws, solver, judge). */
    public ExperimentConfig withSeed(long newSeed) {
        return new ExperimentConfig(domain, scenarios, maxReplies, solver, iterations, newSeed, concurrency,
                curvePoints, actions, observe, seedsPerMessage, dialogues, judge);
    }

    /** The game's settings. */
    public DialogueGame.Settings settings() {
        return new DialogueGame.Settings(maxReplies, seedsPerMessage, actions, observe);
    }
}
