package dev.parley.experiment;

import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Instruction;
import dev.parley.game.GameTree;
import dev.parley.game.State;

/**
 * The unguided baseline of the paper ("Any") as a per-slot policy of a compiled dialogue game: at every infoset the
 * instruction {@code any}, with the move an unguided speaker picks by itself ({@link DialogueGame#ownMove}). In the
 * instruction action space that is simply the action {@code any}, so both action spaces measure CFR gain against the
 * same baseline behaviour.
 */
public final class BaselinePolicy {

    private BaselinePolicy() {
    }

    /**
     * Learns the baseline while the tree is compiled, so that no second walk of the game is needed: at each new
     * infoset (a decision node of an infoset not met before) the move its speaker picks by itself. A game that
     * remembers nothing ({@link DialogueGame.Memo#NONE}) would generate every message again on a second walk.
     */
    public static final class Collector implements GameTree.CompileVisitor {
        private final DialogueGame game;
        private final Instruction any;
        /** Per infoset in order of first visit: the speaker's own move under the baseline (null: none asked). */
        private final java.util.List<String> ownMoves = new java.util.ArrayList<>();

        public Collector(DialogueGame game) {
            this.game = game;
            this.any = baseline(game);
        }

        @Override
        public void decision(int node, int infoset, State state) {
            if (infoset == ownMoves.size()) {
                ownMoves.add(ownMove(game, state, any));
            }
        }

        /** The baseline's slots of {@code tree}, the tree this collector watched being compiled. */
        public double[] slots(GameTree tree) {
            if (ownMoves.size() != tree.numInfosets()) {
                throw new IllegalStateException("the collector saw " + ownMoves.size() + " infosets; the tree has "
                        + tree.numInfosets());
            }
            double[] slots = new double[tree.numSlots()];
            for (int is = 0; is < tree.numInfosets(); is++) {
                fill(game, tree, is, ownMoves.get(is), any, slots);
            }
            return slots;
        }
    }

    /** @param tree compiled from {@code game} */
    public static double[] slots(DialogueGame game, GameTree tree) {
        double[] slots = new double[tree.numSlots()];
        boolean[] done = new boolean[tree.numInfosets()];
        Instruction any = baseline(game);
        tree.forEachDecision(game, (node, state) -> {
            if (!done[tree.infoset(node)]) {
                done[tree.infoset(node)] = true;
                fill(game, tree, tree.infoset(node), ownMove(game, state, any), any, slots);
            }
        });
        return slots;
    }

    private static Instruction baseline(DialogueGame game) {
        return game.instructions().stream().filter(Instruction::isBaseline).findFirst().orElse(null);
    }

    /** The move the speaker picks by itself under the baseline; null in the instruction action space. */
    private static String ownMove(DialogueGame game, State state, Instruction any) {
        Instruction instruction = any == null ? Instruction.ANY : any;
        return game.settings().actions() == ActionSpace.INSTRUCTION ? null : game.ownMove(state, instruction);
    }

    private static void fill(DialogueGame game, GameTree tree, int is, String own, Instruction any, double[] slots) {
        int start = tree.slotStart(is);
        int n = tree.actionCount(is);
        double total = 0;
        for (int s = start; s < start + n; s++) {
            int action = tree.slotAction(s);
            boolean anyOk = any == null || game.codec().instruction(action).equals(any);
            boolean moveOk = own == null || game.codec().move(action).map(own::equals).orElse(true);
            slots[s] = anyOk && moveOk ? 1.0 : 0.0;
            total += slots[s];
        }
        for (int s = start; s < start + n; s++) {
            slots[s] = total > 0 ? slots[s] / total : 1.0 / n;
        }
    }
}
