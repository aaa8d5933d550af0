package dev.parley.imitation;

import dev.parley.game.IterativeSolver;
import dev.parley.solver.Solvers;
import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.Scenario;
import dev.parley.game.GameTree;
import dev.parley.game.TreeBuilder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * A domain's dialogue game in the paper's action space (the instruction alone; the speaker picks its move), built
 * offline, solved by CFR, and read out as a dataset: per information state its text (the player's private
 * information and the dialogue so far, in words), its features and the CFR policy over the instructions.
 *
 * @param labels the instruction names, in the order of every target and prediction
 * @param cfr    the CFR average policy, per slot of {@code tree}
 * @param states one per decision infoset, in infoset order (the meta-game needs DIM's policy at every one)
 */
public record SolvedGame(Domain domain, DialogueGame game, GameTree tree, List<String> labels, double[] cfr,
                         List<InfoState> states) {

    /** One information state of the dataset. */
    public record InfoState(String domain, int infoset, int player, double reach, String text, double[] features,
                            double[] target) { }

    /**
     * The information states worth imitating: those the CFR profile reaches. At the others CFR's average policy is
     * an arbitrary uniform one (nothing was ever accumulated there), so they teach nothing.
     */
    public List<InfoState> dataset() {
        return states.stream().filter(s -> s.reach() >= MIN_REACH).toList();
    }

    /** Infosets the CFR profile reaches with less probability than this are left out of the dataset. */
    public static final double MIN_REACH = 1e-6;

    /** The game's settings: the instruction action space, words observed. */
    public static DialogueGame.Settings settings(int maxReplies) {
        return new DialogueGame.Settings(maxReplies, 1, ActionSpace.INSTRUCTION, Observation.WORDS);
    }

    /**
     * Builds and solves a domain's game and embeds every information state.
     *
     * @param embedded told each information state embedded
     */
    public static SolvedGame solve(Domain domain, int scenarios, int maxReplies, CfrVariant variant, int iterations,
                                   long seed, Featurizer featurizer, IntConsumer embedded) {
        return solve(domain, domain.scenarios(scenarios, seed), maxReplies, variant, iterations, featurizer, embedded);
    }

    /** As {@link #solve(Domain, int, int, CfrVariant, int, long, Featurizer, IntConsumer)}, on given scenarios. */
    public static SolvedGame solve(Domain domain, List<Scenario> scenarios, int maxReplies, CfrVariant variant,
                                   int iterations, Featurizer featurizer, IntConsumer embedded) {
        DialogueGame game = new DialogueGame(domain, scenarios,
                new OfflineMoveGenerator(domain.content()), RewardModel.exact(domain), settings(maxReplies));
        GameTree tree = new TreeBuilder(1, 2_000_000, n -> { }).build(game).tree();
        IterativeSolver solver = Solvers.of(variant).onTree(tree, 0);
        solver.run(iterations);
        double[] cfr = solver.averagePolicySlots(tree);
        List<String> labels = game.instructions().stream().map(Instruction::name).toList();
        String[] texts = texts(game, tree);
        double[] reach = reach(tree, cfr);
        List<InfoState> states = new ArrayList<>();
        for (int is = 0; is < tree.numInfosets(); is++) {
            states.add(new InfoState(domain.name(), is, tree.infosetPlayer(is), reach[is], texts[is],
                    featurizer.features(texts[is]), target(game, tree, cfr, is, labels)));
            embedded.accept(1);
        }
        return new SolvedGame(domain, game, tree, labels, cfr, List.copyOf(states));
    }

    /**
     * Each infoset's probability of being reached when everyone plays {@code slots} (chance included): the sum over
     * its nodes.
     */
    static double[] reach(GameTree tree, double[] slots) {
        double[] node = new double[tree.numNodes()];
        double[] out = new double[tree.numInfosets()];
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        node[0] = 1;
        stack.push(0);
        while (!stack.isEmpty()) {
            int n = stack.pop();
            int player = tree.player(n);
            if (player == GameTree.TERMINAL) {
                continue;
            }
            if (player >= 0) {
                out[tree.infoset(n)] += node[n];
            }
            for (int c = tree.firstChild(n), end = c + tree.childCount(n); c < end; c++) {
                node[c] = node[n] * (player == GameTree.CHANCE ? tree.chanceProbability(c) : slots[tree.edgeSlot(c)]);
                stack.push(c);
            }
        }
        return out;
    }

    /** A slot policy over the labels at one infoset. */
    static double[] target(DialogueGame game, GameTree tree, double[] slots, int is, List<String> labels) {
        double[] t = new double[labels.size()];
        boolean[] seen = new boolean[labels.size()];
        for (int s = tree.slotStart(is); s < tree.slotStart(is) + tree.actionCount(is); s++) {
            int label = labels.indexOf(game.codec().instruction(tree.slotAction(s)).name());
            if (seen[label]) {
                throw new IllegalStateException("infoset " + is + " has instruction " + labels.get(label) + " twice");
            }
            seen[label] = true;
            t[label] = slots[s];
        }
        // a policy over the labels is one over the legal actions only if every label is legal at every infoset
        if (tree.actionCount(is) != labels.size()) {
            throw new IllegalStateException("infoset " + is + " has " + tree.actionCount(is) + " actions, not one per"
                    + " instruction " + labels);
        }
        return t;
    }

    /** Writes a distribution over the labels into the slots of every infoset of one player, or of all players. */
    public void fill(double[] slots, int is, double[] distribution) {
        for (int s = tree.slotStart(is); s < tree.slotStart(is) + tree.actionCount(is); s++) {
            slots[s] = distribution[labels.indexOf(game.codec().instruction(tree.slotAction(s)).name())];
        }
    }

    /** What a player knows at each infoset, in words: its private information, then the dialogue so far. */
    static String[] texts(DialogueGame game, GameTree tree) {
        String[] out = new String[tree.numInfosets()];
        tree.forEachDecision(game, (node, state) -> {
            if (out[tree.infoset(node)] == null) {
                out[tree.infoset(node)] = text(game.scenario(state), tree.player(node), game.transcript(state));
            }
        });
        return out;
    }

    /**
     * The dialogue so far, one line per message, then the player's private information: the history first, since
     * the sentence model reads a bounded number of word pieces.
     */
    public static String text(Scenario scenario, int player, List<Message> transcript) {
        StringBuilder sb = new StringBuilder();
        for (Message m : transcript) {
            sb.append(m.speaker() == player ? "Me" : "Them").append(": ").append(m.text()).append('\n');
        }
        if (transcript.isEmpty()) {
            sb.append("(I speak first.)\n");
        }
        sb.append(String.join(" ", scenario.player(player).knowledge()));
        return sb.toString();
    }
}
