package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The paper's Table 1 for one domain, plus what is needed to trust it.
 *
 * @param domain          the domain
 * @param backend         what generated the words and produced the payoffs
 * @param scenarios       number of scenarios
 * @param maxReplies      dialogue length limit
 * @param solver          CFR variant
 * @param iterations      solver iterations
 * @param nodes           size of the game tree
 * @param infosets        number of information states
 * @param nashConv        NashConv of the solver's average policy
 * @param payoffRange     {@code [min, max]} of the domain's payoffs
 * @param cfrGain         per player: payoff following the solver against the baseline, minus all-baseline
 * @param eqVsBase        per player: payoff following the solver while the others play the baseline
 * @param baseVsBase      per player: payoff when everyone plays the baseline
 * @param eqVsEq          per player: payoff when everyone follows the solver
 * @param instructions    the instruction names
 * @param instructionMass per player, per instruction: the share of the solver's play
 * @param curve           NashConv of the average policy along the run: pairs (iteration, NashConv)
 * @param calls           with a language model: model calls requested (generation and judging); offline:
 *                        messages requested from the realiser
 * @param cached          of those, served without a new call (the call cache; offline, the game's memo)
 * @param tokens          tokens sent and received by the model (0 offline)
 * @param seconds         wall time of the whole run
 * @param actions         the action space ({@code move-x-instruction} or {@code instruction})
 * @param observe         what information states hold ({@code words} or {@code moves})
 * @param seedsPerMessage sampling seeds per message
 * @param judge           what produced the payoffs ({@code exact} or {@code llm})
 * @param verification    generated answers requested, refused, and refusals by reason
 * @param dialogues       per profile ({@code eq_vs_eq}, {@code eq_vs_base}, {@code base_vs_eq},
 *                        {@code base_vs_base}), its most probable complete dialogues
 * @param roles           the players' role names (Alice, Bob, ...), in player order
 */
public record ExperimentReport(String domain, String backend, int scenarios, int maxReplies, String solver,
                               int iterations, int nodes, int infosets, double nashConv, double[] payoffRange,
                               double[] cfrGain, double[] eqVsBase, double[] baseVsBase, double[] eqVsEq,
                               List<String> instructions, double[][] instructionMass, List<double[]> curve,
                               long calls, long cached, long tokens, double seconds, String actions,
                               String observe, int seedsPerMessage, String judge,
                               DialogueGame.Verification verification,
                               Map<String, List<DialogueReader.ReadDialogue>> dialogues,
                               List<String> roles) {

    /** The four profiles whose dialogues a report keeps, in order. */
    public static final List<String> PROFILES = List.of("eq_vs_eq", "eq_vs_base", "base_vs_eq", "base_vs_base");

    public ExperimentReport {
        instructions = List.copyOf(instructions);
        curve = List.copyOf(curve);
        dialogues = Collections.unmodifiableMap(new LinkedHashMap<>(dialogues));
        roles = List.copyOf(roles);
    }

    /** NashConv as a fraction of the payoff range. */
    public double relativeNashConv() {
        return nashConv / (payoffRange[1] - payoffRange[0]);
    }

    /**
     * The paper's approximate evolutionary-stability reading: every player's CFR gain is positive and larger than
     * the NashConv of the solver's profile.
     */
    public boolean approximatelyStable() {
        for (double g : cfrGain) {
            if (!(g > nashConv)) {
                return false;
            }
        }
        return true;
    }
}
