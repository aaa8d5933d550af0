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

    /** @param tree compiled from {@code game} */
    public static double[] slots(DialogueGame game, GameTree tree) {
        double[] slots = new double[tree.numSlots()];
        boolean[] done = new boolean[tree.numInfosets()];
        Instruction any = game.instructions().stream().filter(Instruction::isBaseline).findFirst().orElse(null);
        tree.forEachDecision(game, (node, state) -> {
            if (!done[tree.infoset(node)]) {
                done[tree.infoset(node)] = true;
                fill(game, tree, tree.infoset(node), state, any, slots);
            }
        });
        return slots;
    }

    private static void fill(DialogueGame game, GameTree tree, int is, State state, Instruction any, double[] slots) {
        Instruction instruction = any == null ? Instruction.ANY : any;
        String own = game.settings().actions() == ActionSpace.INSTRUCTION ? null : game.ownMove(state, instruction);
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
