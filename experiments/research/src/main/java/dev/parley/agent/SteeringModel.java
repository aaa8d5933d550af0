package dev.parley.agent;

import dev.parley.game.IterativeSolver;
import dev.parley.solver.Solvers;
import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.RewardModel;
import dev.parley.experiment.BaselinePolicy;
import java.util.Objects;
import dev.parley.dialogue.Domain;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.TabularPolicy;
import dev.parley.game.TreeBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a steered agent plays by: the domain's dialogue game (the same scenarios, instructions, generator and length
 * limit for every agent that plays it), compiled to a tree, with the equilibrium policy CFR found on it (or one
 * loaded from a file) and the unguided baseline (instruction {@code any}, the planner's own move choice).
 *
 * @param nashConv the equilibrium's NashConv on this tree (NaN when the policy was loaded and not measured)
 */
public record SteeringModel(DialogueGame game, GameTree tree, TabularPolicy equilibrium, TabularPolicy baseline,
                            double nashConv) {

    private static final Logger LOG = LoggerFactory.getLogger(SteeringModel.class);
    /** A served dialogue's game must stay small enough to compile here. */
    public static final int MAX_NODES = 2_000_000;

    /** The game's settings. */
    public record Settings(int scenarios, int maxReplies, long seed, int concurrency, Observation observe) {
        public Settings {
            if (scenarios < 1 || maxReplies < 1 || concurrency < 1) {
                throw new IllegalArgumentException("scenarios, max replies and concurrency must be at least 1");
            }
            Objects.requireNonNull(observe, "observe");
        }

        public Settings(int scenarios, int maxReplies, long seed, int concurrency) {
            this(scenarios, maxReplies, seed, concurrency, Observation.WORDS);
        }
    }

    /** Builds the game: the domain's exact scorer pays, so every agent of the game agrees on the payoffs. */
    public static DialogueGame game(Domain domain, MoveGenerator generator, Settings s) {
        return new DialogueGame(domain, domain.scenarios(s.scenarios(), s.seed()), generator,
                RewardModel.exact(domain), new DialogueGame.Settings(s.maxReplies(), 1,
                ActionSpace.MOVE_X_INSTRUCTION, s.observe()));
    }

    /** Solves the game ahead of play with {@code iterations} of CFR+. */
    public static SteeringModel solve(Domain domain, MoveGenerator generator, Settings s, int iterations) {
        DialogueGame game = game(domain, generator, s);
        GameTree tree = new TreeBuilder(s.concurrency(), MAX_NODES, n -> { }).build(game).tree();
        IterativeSolver solver = Solvers.of(CfrVariant.CFR_PLUS).onTree(tree, 0);
        solver.run(iterations);
        double[] slots = solver.averagePolicySlots(tree);
        double nashConv = Exploitability.nashConv(tree, slots);
        LOG.info("{}: {} infosets solved with {} iterations of CFR+, NashConv {}", domain.name(),
                tree.numInfosets(), iterations, nashConv);
        return new SteeringModel(game, tree, solver.averagePolicy(),
                TabularPolicy.fromSlots(tree, BaselinePolicy.slots(game, tree)), nashConv);
    }

    /** Uses a policy solved earlier (e.g. written by {@code --policy-out}); NashConv is measured on the tree. */
    public static SteeringModel withPolicy(Domain domain, MoveGenerator generator, Settings s,
                                           TabularPolicy policy) {
        DialogueGame game = game(domain, generator, s);
        GameTree tree = new TreeBuilder(s.concurrency(), MAX_NODES, n -> { }).build(game).tree();
        double[] slots = policy.toSlots(tree);
        return new SteeringModel(game, tree, policy, TabularPolicy.fromSlots(tree, BaselinePolicy.slots(game, tree)),
                Exploitability.nashConv(tree, slots));
    }
}
