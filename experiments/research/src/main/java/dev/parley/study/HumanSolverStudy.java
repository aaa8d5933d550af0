package dev.parley.study;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.campsite.CampsiteScenarios;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.eval.Exploitability;
import dev.parley.experiment.Estimate;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.TreeBuilder;
import dev.parley.solver.Solvers;
import java.util.ArrayList;
import java.util.List;

/**
 * The solver against people's results. For each recorded negotiation, the campsite game is built on that one
 * scenario (the two people's real priority tables, with their own reasons), solved by CFR, and the equilibrium's
 * payoffs (both campers on the solver's average policy) are set beside the points the two people actually scored.
 * A camper's gain is the equilibrium payoff minus the recorded points: what playing the solved game, against a
 * partner who plays it too, would have given that camper over what they got. Averages carry t intervals over the
 * dialogues.
 */
public final class HumanSolverStudy {

    /** The game every scenario is solved in. */
    public record Config(int maxReplies, int iterations) {
        public Config {
            if (maxReplies < 1 || iterations < 1) {
                throw new IllegalArgumentException("max replies and iterations must be at least 1");
            }
        }

        DialogueGame.Settings settings() {
            return new DialogueGame.Settings(maxReplies, 1, ActionSpace.MOVE_X_INSTRUCTION, Observation.WORDS);
        }
    }

    /** One negotiation: first speaker first. */
    public record Case(int dialogueId, double[] equilibrium, int[] recorded, double nashConv, int nodes) {
        public double gain(int camper) {
            return equilibrium[camper] - recorded[camper];
        }
    }

    /**
     * @param gain          per camper (first speaker, second), the mean gain over the split's dialogues
     * @param joint         the mean gain of the two campers' sum (the equilibrium's total against the people's)
     * @param wouldGain     per camper, the share of dialogues where the equilibrium pays that camper more
     * @param equilibrium   per camper, the mean equilibrium payoff; {@code recorded} the mean recorded points
     */
    public record Figures(String split, int dialogues, Estimate[] gain, Estimate joint, Proportion[] wouldGain,
                          double[] equilibrium, double[] recorded, double meanNashConv, List<Case> cases) { }

    public record Report(Config config, Figures valid, Figures test) { }

    private HumanSolverStudy() {
    }

    /**
     * @param test  the held-out split, or null for valid only
     * @param step  called after each solved scenario
     */
    public static Report run(Config config, List<CasinoDialogue> valid, List<CasinoDialogue> test, Runnable step) {
        return new Report(config, figures("valid", valid, config, step),
                test == null ? null : figures("test", test, config, step));
    }

    /** One scenario's game, built offline and solved. */
    public static Case solve(CasinoDialogue d, Config config) {
        Domain domain = Campsite.domain();
        Scenario scenario = CampsiteScenarios.of(d);
        DialogueGame game = new DialogueGame(domain, List.of(scenario), new OfflineMoveGenerator(domain.content()),
                RewardModel.exact(domain), config.settings());
        GameTree tree = new TreeBuilder(1, 2_000_000, n -> { }).build(game).tree();
        IterativeSolver solver = Solvers.of(CfrVariant.CFR).onTree(tree, 0);
        solver.run(config.iterations());
        double[] eq = solver.averagePolicySlots(tree);
        String first = d.firstSpeaker();
        int[] recorded = {d.campers().get(first).points(), d.campers().get(d.other(first)).points()};
        return new Case(d.id(), Exploitability.expectedValues(tree, eq), recorded, Exploitability.nashConv(tree, eq),
                tree.numNodes());
    }

    private static Figures figures(String split, List<CasinoDialogue> dialogues, Config config, Runnable step) {
        List<Case> cases = new ArrayList<>();
        for (CasinoDialogue d : dialogues) {
            cases.add(solve(d, config));
            step.run();
        }
        int n = cases.size();
        Estimate[] gain = new Estimate[2];
        Proportion[] wouldGain = new Proportion[2];
        double[] equilibrium = new double[2];
        double[] recorded = new double[2];
        for (int p = 0; p < 2; p++) {
            double[] g = new double[n];
            long ahead = 0;
            for (int i = 0; i < n; i++) {
                Case c = cases.get(i);
                g[i] = c.gain(p);
                ahead += g[i] > 0 ? 1 : 0;
                equilibrium[p] += c.equilibrium()[p] / n;
                recorded[p] += (double) c.recorded()[p] / n;
            }
            gain[p] = Estimate.of(g);
            wouldGain[p] = Proportion.of(ahead, n);
        }
        double[] joint = new double[n];
        double nashConv = 0;
        for (int i = 0; i < n; i++) {
            joint[i] = cases.get(i).gain(0) + cases.get(i).gain(1);
            nashConv += cases.get(i).nashConv() / n;
        }
        return new Figures(split, n, gain, Estimate.of(joint), wouldGain, equilibrium, recorded, nashConv, cases);
    }
}
