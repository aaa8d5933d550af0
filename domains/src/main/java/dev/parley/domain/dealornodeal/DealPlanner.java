package dev.parley.domain.dealornodeal;

import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.support.MovePreference;
import dev.parley.domain.support.Temperament;
import dev.parley.domain.support.Temperaments;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The offline Deal-or-No-Deal player; it reads only its own values, the public pool and the transcript. The tone's
 * demand after {@code k} own offers, times 10 (the pool's worth), is its target, never above an earlier offer of its
 * own. It proposes the split worth least to itself that still reaches the target (ties: more items for the other),
 * skipping splits it has proposed; it accepts an offer worth at least 1 and at least the tone's share of its target,
 * ends with no deal when an offer is worth 0 to it after four offers of its own, and counter-proposes otherwise.
 */
public final class DealPlanner implements ContentPlanner {

    private static final int GIVE_UP_AFTER = 4;

    @Override
    public Map<String, Object> plan(MoveContext context, String moveId, Instruction instruction) {
        return switch (moveId) {
            case DealOrNoDeal.PROPOSE -> Map.of(DealOrNoDeal.OFFER, propose(context, instruction));
            case DealOrNoDeal.ACCEPT -> {
                Message t = DealRules.offerOnTable(context.speaker(), context.transcript());
                Object o = t == null ? null : t.get(DealOrNoDeal.OFFER);
                yield Map.of(DealOrNoDeal.TERMS, DealOrNoDeal.offer(DealOrNoDeal.mine(o), DealOrNoDeal.yours(o)));
            }
            default -> Map.of();
        };
    }

    private static double target(MoveContext context, Instruction instruction, int[] values) {
        int made = 0;
        double cap = Double.POSITIVE_INFINITY;
        for (Message m : context.transcript()) {
            if (m.speaker() == context.speaker() && m.moveId().equals(DealOrNoDeal.PROPOSE)) {
                made++;
                cap = Math.min(cap, DealOrNoDeal.worth(DealOrNoDeal.mine(m.get(DealOrNoDeal.OFFER)), values));
            }
        }
        Temperament t = Temperaments.of(instruction);
        return Math.min(Math.min(Boards.TOTAL_VALUE, t.demandAfter(made) * Boards.TOTAL_VALUE), cap);
    }

    private static Map<String, Object> propose(MoveContext context, Instruction instruction) {
        int[] pool = DealOrNoDeal.pool(context.me());
        int[] values = DealOrNoDeal.values(context.me());
        double target = target(context, instruction, values);
        List<int[]> made = new ArrayList<>();
        for (Message m : context.transcript()) {
            if (m.speaker() == context.speaker() && m.moveId().equals(DealOrNoDeal.PROPOSE)) {
                made.add(DealOrNoDeal.mine(m.get(DealOrNoDeal.OFFER)));
            }
        }
        int[] best = null;
        int bestValue = Integer.MAX_VALUE;
        int bestGiven = -1;
        int[] below = null;
        int belowValue = -1;
        for (int a = 0; a <= pool[0]; a++) {
            for (int b = 0; b <= pool[1]; b++) {
                for (int c = 0; c <= pool[2]; c++) {
                    int[] mine = {a, b, c};
                    if (made.stream().anyMatch(x -> Arrays.equals(x, mine))) {
                        continue;
                    }
                    int v = DealOrNoDeal.worth(mine, values);
                    int given = pool[0] - a + pool[1] - b + pool[2] - c;
                    if (v >= target - 1e-9) {
                        if (v < bestValue || (v == bestValue && given > bestGiven)) {
                            best = mine;
                            bestValue = v;
                            bestGiven = given;
                        }
                    } else if (v > belowValue) {
                        below = mine;
                        belowValue = v;
                    }
                }
            }
        }
        int[] mine = best != null ? best : below != null ? below : pool;
        int[] yours = new int[Boards.ITEMS];
        for (int i = 0; i < Boards.ITEMS; i++) {
            yours[i] = pool[i] - mine[i];
        }
        return DealOrNoDeal.offer(mine, yours);
    }

    @Override
    public Optional<String> chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction) {
        Message table = DealRules.offerOnTable(context.speaker(), context.transcript());
        if (table != null && legalMoveIds.contains(DealOrNoDeal.ACCEPT)) {
            int[] values = DealOrNoDeal.values(context.me());
            int gain = DealOrNoDeal.worth(DealOrNoDeal.yours(table.get(DealOrNoDeal.OFFER)), values);
            double target = target(context, instruction, values);
            if (gain >= 1 && gain >= Temperaments.of(instruction).acceptShare() * target - 1e-9) {
                return Optional.of(DealOrNoDeal.ACCEPT);
            }
            long mine = context.transcript().stream().filter(m -> m.speaker() == context.speaker()
                    && m.moveId().equals(DealOrNoDeal.PROPOSE)).count();
            if (gain == 0 && mine >= GIVE_UP_AFTER && legalMoveIds.contains(DealOrNoDeal.NO_DEAL)) {
                return Optional.of(DealOrNoDeal.NO_DEAL);
            }
        }
        return MovePreference.firstLegal(legalMoveIds, DealOrNoDeal.PROPOSE);
    }
}
