package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import java.util.List;

/**
 * A dialogue experiment solved by sampling on the lazy game ({@link SampledExperiment}): estimated figures, and
 * the exact ones when the tree could be expanded.
 *
 * @param iterations   iterations of the solver in total (a resumed run counts the saved ones)
 * @param resumedAt    iterations the solver had when this run started (0: a fresh run)
 * @param stop         why the run stopped
 * @param calls        model calls (offline: generations) the solver made
 * @param estimationCalls model calls the estimates (best responses and playouts) made
 * @param cached       calls answered without a new call (the call cache; offline, the game's memo)
 * @param infosets     information states the solver met
 * @param visited      what the game holds in memory: messages generated, transcripts, dialogues scored
 * @param size         the tree's estimated size
 * @param estimates    the estimated figures of the final average policy
 * @param exact        the exact figures, or null when the tree is over the node limit
 * @param checkpoints  the figures at each checkpoint
 * @param spentCalls   solver calls the runs this one resumed had spent (saved with the solver; 0 for a fresh run)
 * @param spentSeconds solving seconds those runs had spent
 * @param solvingSeconds solving seconds of this run (what {@code --budget-seconds} counts)
 */
public record SampledReport(String domain, String backend, int scenarios, int maxReplies, String solver,
                            int iterations, int resumedAt, String stop, long calls, long estimationCalls,
                            long cached, long tokens, double seconds, int infosets, DialogueGame.Visited visited,
                            TreeSizeEstimate size, SampledEstimates estimates, SampledExperiment.Exact exact,
                            List<SampledExperiment.Checkpoint> checkpoints, double[] payoffRange,
                            List<String> roles, List<String> instructions, String judge, String actions,
                            String observe, int seedsPerMessage, long budgetCalls, double budgetSeconds,
                            long spentCalls, double spentSeconds, double solvingSeconds) {

    public SampledReport {
        checkpoints = List.copyOf(checkpoints);
        roles = List.copyOf(roles);
        instructions = List.copyOf(instructions);
    }

    public double range() {
        return payoffRange[1] - payoffRange[0];
    }
}
