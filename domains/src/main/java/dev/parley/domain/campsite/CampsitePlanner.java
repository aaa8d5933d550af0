package dev.parley.domain.campsite;

import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.domain.support.MovePreference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The offline camper. It reads only its own priority table and reasons and the public transcript.
 *
 * <p><b>Words.</b> A proself-preference camper argues from need: its highest-priority item not yet argued, with its
 * own reason; a prosocial-preference camper says which item it needs least (with its reason), then asks what the
 * other needs; the generic groups and the baseline say something without an item.
 *
 * <p><b>Deals.</b> Each group has a demand, a share of the 36 points a camper could score (proself 0.70 and 0.65,
 * baseline 0.60, prosocial 0.55 and 0.50), lowered by 0.05 for each deal the camper has already submitted and
 * never raised above an earlier submission. Among the deals (0 to 3 packages of each item for itself) reaching the
 * demand and not yet submitted, it submits the one the other camper would value most by what the other has claimed
 * in its own words (an item claimed high counts 5, medium 4, low 3, an unnamed item 4), then the one worth least to
 * itself. So revealing preferences changes the deals offered, as it does between people.
 *
 * <p><b>Answers.</b> It accepts a deal worth at least 6 points and at least its group's share (0.9 proself, 0.85
 * baseline, 0.8 prosocial) of its current demand, walks away from a deal worth less than a walk-away once it has
 * rejected twice, and rejects otherwise. On its own turn it talks first (two messages for the prosocial groups, one
 * for the others), then submits.
 */
public final class CampsitePlanner implements ContentPlanner {

    private record Temper(double demand, double concession, double acceptShare, int talk) { }

    private static final Map<String, Temper> TEMPERS = Map.of(
            Strategies.PROSELF_PREFERENCE, new Temper(0.70, 0.05, 0.9, 1),
            Strategies.PROSELF_GENERIC, new Temper(0.65, 0.05, 0.9, 1),
            Instruction.ANY.name(), new Temper(0.60, 0.05, 0.85, 1),
            Strategies.PROSOCIAL_PREFERENCE, new Temper(0.55, 0.05, 0.8, 2),
            Strategies.PROSOCIAL_GENERIC, new Temper(0.50, 0.05, 0.8, 2));

    /** The group an instruction stands for: a group itself, a CaSiNo label's group, else the baseline. */
    static String group(Instruction instruction) {
        String name = instruction.name();
        if (TEMPERS.containsKey(name)) {
            return name;
        }
        return Strategies.known(name) ? Strategies.group(name) : Instruction.ANY.name();
    }

    private static Temper temper(Instruction instruction) {
        return TEMPERS.get(group(instruction));
    }

    @Override
    public Map<String, Object> plan(MoveContext context, String moveId, Instruction instruction) {
        return switch (moveId) {
            case Campsite.SAY -> say(context, instruction);
            case Campsite.SUBMIT -> Map.of(Campsite.DEAL, deal(context, instruction));
            case Campsite.ACCEPT, Campsite.REJECT -> Map.of(Campsite.TERMS, tableDeal(context));
            default -> Map.of();
        };
    }

    private static Map<String, Object> say(MoveContext context, Instruction instruction) {
        PrivateInfo me = context.me();
        List<Integer> argued = new ArrayList<>();
        for (Message m : context.transcript()) {
            if (m.speaker() == context.speaker() && m.moveId().equals(Campsite.SAY)) {
                int i = Items.index(String.valueOf(m.get(Campsite.ITEM)));
                if (i >= 0) {
                    argued.add(i);
                }
            }
        }
        String g = group(instruction);
        if (g.equals(Strategies.PROSELF_PREFERENCE)) {
            int item = Items.itemAt(me, "high");
            if (argued.contains(item) && !argued.contains(Items.itemAt(me, "medium"))) {
                item = Items.itemAt(me, "medium");
            }
            return utterance(me, item);
        }
        if (g.equals(Strategies.PROSOCIAL_PREFERENCE) && !argued.contains(Items.itemAt(me, "low"))) {
            Map<String, Object> c = utterance(me, Items.itemAt(me, "low"));
            if (!saysLittleNeed(String.valueOf(c.get(Campsite.REASON)))) {
                c.put(Campsite.REASON, Campsite.NONE);
            }
            return c;
        }
        return none();
    }

    /**
     * Words that say a camper has an item or needs little of it. Many CaSiNo participants wrote a reason for their
     * low-priority item that still argues need ("I need food for nutrients and energy"); quoted after "you can have
     * most of the food, because I do not need much food" it contradicts the offer, so a concession quotes the
     * reason only when it carries one of these cues, and otherwise stands alone.
     */
    private static final java.util.regex.Pattern LITTLE_NEED = java.util.regex.Pattern.compile(
            "\\b(already|more than enough|plenty|adequate|purifier|nearby|refill|(?<!only )brought|can manage"
                    + "|(do not|don'?t|dont|won'?t|will not) need)\\b", java.util.regex.Pattern.CASE_INSENSITIVE);

    static boolean saysLittleNeed(String reason) {
        return LITTLE_NEED.matcher(reason).find();
    }

    private static Map<String, Object> utterance(PrivateInfo me, int item) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put(Campsite.ITEM, Items.NAMES.get(item));
        c.put(Campsite.PRIORITY, Items.priority(me, item));
        c.put(Campsite.REASON, CampsiteScenarios.reason(me, item).orElse(Campsite.NONE));
        return c;
    }

    static Map<String, Object> none() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put(Campsite.ITEM, Campsite.NONE);
        c.put(Campsite.PRIORITY, Campsite.NONE);
        c.put(Campsite.REASON, Campsite.NONE);
        return c;
    }

    /** The deal on the table as its submitter wrote it; an empty split when there is none. */
    static Map<String, Object> tableDeal(MoveContext context) {
        Message table = CampsiteRules.dealOnTable(context.speaker(), context.transcript());
        if (table == null) {
            return Items.deal(new int[Items.COUNT], new int[Items.COUNT]);
        }
        Object d = table.get(Campsite.DEAL);
        return Items.deal(Items.mine(d), Items.yours(d));
    }

    private static double demand(MoveContext context, Instruction instruction, int[] points) {
        Temper t = temper(instruction);
        int made = 0;
        double cap = Double.POSITIVE_INFINITY;
        for (Message m : context.transcript()) {
            if (m.speaker() == context.speaker() && m.moveId().equals(Campsite.SUBMIT)) {
                made++;
                cap = Math.min(cap, Items.worth(Items.mine(m.get(Campsite.DEAL)), points));
            }
        }
        return Math.min(Math.max(0, t.demand() - t.concession() * made) * Items.MAX_POINTS, cap);
    }

    private static Map<String, Object> deal(MoveContext context, Instruction instruction) {
        int[] points = Items.points(context.me());
        double target = demand(context, instruction, points);
        int[] partner = partnerEstimate(context);
        List<int[]> submitted = new ArrayList<>();
        for (Message m : context.transcript()) {
            if (m.speaker() == context.speaker() && m.moveId().equals(Campsite.SUBMIT)) {
                submitted.add(Items.mine(m.get(Campsite.DEAL)));
            }
        }
        int[] best = null;
        int bestPartner = -1;
        int bestMine = Integer.MAX_VALUE;
        int[] fallback = null;
        int fallbackMine = -1;
        for (int code = 0; code < 64; code++) {
            int[] mine = {code & 3, (code >> 2) & 3, (code >> 4) & 3};
            if (mine[0] > 3 || mine[1] > 3 || mine[2] > 3 || isIn(submitted, mine)) {
                continue;
            }
            int mv = Items.worth(mine, points);
            int pv = Items.worth(rest(mine), partner);
            if (mv >= target - 1e-9) {
                if (pv > bestPartner || (pv == bestPartner && mv < bestMine)) {
                    best = mine;
                    bestPartner = pv;
                    bestMine = mv;
                }
            } else if (mv > fallbackMine) {
                fallback = mine;
                fallbackMine = mv;
            }
        }
        int[] chosen = best != null ? best : fallback != null ? fallback : new int[] {3, 3, 3};
        return Items.dealFor(chosen);
    }

    private static boolean isIn(List<int[]> list, int[] x) {
        for (int[] y : list) {
            if (java.util.Arrays.equals(x, y)) {
                return true;
            }
        }
        return false;
    }

    private static int[] rest(int[] mine) {
        int[] r = new int[Items.COUNT];
        for (int i = 0; i < Items.COUNT; i++) {
            r[i] = Items.PACKAGES - mine[i];
        }
        return r;
    }

    /** The other camper's points per package as its own words claimed them (4 for an item it has not named). */
    static int[] partnerEstimate(MoveContext context) {
        int[] est = {Items.MEDIUM, Items.MEDIUM, Items.MEDIUM};
        for (Message m : context.transcript()) {
            if (m.speaker() != context.speaker() && m.moveId().equals(Campsite.SAY)) {
                int i = Items.index(String.valueOf(m.get(Campsite.ITEM)));
                String p = String.valueOf(m.get(Campsite.PRIORITY));
                if (i >= 0 && Items.PRIORITIES.contains(p)) {
                    est[i] = Items.pointsOf(p);
                }
            }
        }
        return est;
    }

    @Override
    public Optional<String> chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction) {
        int[] points = Items.points(context.me());
        Message table = CampsiteRules.dealOnTable(context.speaker(), context.transcript());
        if (table != null && legalMoveIds.contains(Campsite.ACCEPT)) {
            int offered = Items.worth(Items.yours(table.get(Campsite.DEAL)), points);
            double target = demand(context, instruction, points);
            if (offered >= Items.WALK_AWAY + 1 && offered >= temper(instruction).acceptShare() * target - 1e-9) {
                return Optional.of(Campsite.ACCEPT);
            }
            if (offered < Items.WALK_AWAY && count(context, Campsite.REJECT) >= 2
                    && legalMoveIds.contains(Campsite.WALK_AWAY)) {
                return Optional.of(Campsite.WALK_AWAY);
            }
            if (legalMoveIds.contains(Campsite.REJECT)) {
                return Optional.of(Campsite.REJECT);
            }
        }
        if (legalMoveIds.contains(Campsite.SAY) && count(context, Campsite.SAY) < temper(instruction).talk()) {
            return Optional.of(Campsite.SAY);
        }
        return MovePreference.firstLegal(legalMoveIds, Campsite.SUBMIT, Campsite.SAY, Campsite.WALK_AWAY);
    }

    private static int count(MoveContext context, String moveId) {
        int n = 0;
        for (Message m : context.transcript()) {
            if (m.speaker() == context.speaker() && m.moveId().equals(moveId)) {
                n++;
            }
        }
        return n;
    }
}
