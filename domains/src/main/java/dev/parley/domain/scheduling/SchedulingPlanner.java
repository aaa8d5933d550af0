package dev.parley.domain.scheduling;

import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.support.MovePreference;
import dev.parley.domain.support.Temperament;
import dev.parley.domain.support.Temperaments;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The offline scheduler. It reads only the speaker's own days away and preferences and the public transcript.
 *
 * <p><b>Proposals under a tone.</b> Let {@code best} be the speaker's highest preference on a day it is free and
 * {@code k} the number of days it has proposed. The tone's temperament gives a target
 * {@code min(best, demandAfter(k) × best)}. Days the speaker proposed that the other answered with a rejection or
 * another proposal are refused and not proposed again. The speaker then (1) proposes a day the other has proposed,
 * if it is free for the speaker and reaches the target (meeting the other half-way), else (2) the free, unrefused
 * day of <i>least</i> preference that still reaches the target (it leaves room, as an offer of least gain does in
 * fruit trading), else (3) its most preferred free, unrefused day. An assertive scheduler thus holds out for its best
 * day, a submissive one proposes a modest day early and takes up the other's days, the baseline sits between.
 *
 * <p><b>Insist on DAY.</b> The instruction {@code insist-on-DAY} proposes DAY and accepts only DAY.
 *
 * <p><b>Answers.</b> {@link #chooseMove} accepts the day on the table when the speaker is free that day and its
 * preference reaches {@code max(1, min(best, acceptShare × target))}; otherwise it proposes another day (or rejects
 * when it cannot propose).
 */
public final class SchedulingPlanner implements ContentPlanner {

    /** The prefix of an insist instruction's name: {@code insist-on-Mon} ... {@code insist-on-Sun}. */
    public static final String INSIST_PREFIX = "insist-on-";

    @Override
    public Map<String, Object> plan(MoveContext context, String moveId, Instruction instruction) {
        PrivateInfo me = context.me();
        int speaker = context.speaker();
        List<Message> transcript = context.transcript();
        return switch (moveId) {
            case MeetingScheduling.PROPOSE ->
                    Map.of(MeetingScheduling.DAY, Days.FULL.get(proposal(me, speaker, transcript, instruction)));
            case MeetingScheduling.ACCEPT -> Map.of(MeetingScheduling.DAY, Days.FULL.get(tableDay(speaker, transcript)));
            case MeetingScheduling.REJECT -> {
                int day = tableDay(speaker, transcript);
                yield Map.of(MeetingScheduling.DAY, Days.FULL.get(day), MeetingScheduling.REASON,
                        Days.away(me, day) ? MeetingScheduling.BUSY : MeetingScheduling.PREFER_OTHER);
            }
            default -> Map.of();
        };
    }

    /** The day on the table, or Monday when there is none (the rules then refuse the answer). */
    private static int tableDay(int speaker, List<Message> transcript) {
        return Math.max(0, dayOnTable(speaker, transcript));
    }

    @Override
    public Optional<String> chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction) {
        PrivateInfo me = context.me();
        int speaker = context.speaker();
        List<Message> transcript = context.transcript();
        int day = dayOnTable(speaker, transcript);
        if (day >= 0 && legalMoveIds.contains(MeetingScheduling.ACCEPT)) {
            int insisted = insistedDay(instruction);
            boolean accept;
            if (insisted >= 0) {
                accept = day == insisted;
            } else {
                double best = best(me);
                double target = Math.min(best,
                        Temperaments.of(instruction).demandAfter(proposalsMade(speaker, transcript)) * best);
                double threshold = Math.max(1.0, Math.min(best,
                        Temperaments.of(instruction).acceptShare() * target));
                accept = !Days.away(me, day) && Days.preference(me, day) >= threshold - 1e-9;
            }
            if (accept) {
                return Optional.of(MeetingScheduling.ACCEPT);
            }
        }
        return MovePreference.firstLegal(legalMoveIds, MeetingScheduling.PROPOSE, MeetingScheduling.REJECT);
    }

    /** The day to propose. */
    static int proposal(PrivateInfo me, int speaker, List<Message> transcript, Instruction instruction) {
        int insisted = insistedDay(instruction);
        if (insisted >= 0) {
            return insisted;
        }
        int refused = 0;
        int theirs = 0;
        int made = 0;
        for (int i = 0; i < transcript.size(); i++) {
            Message m = transcript.get(i);
            if (!m.moveId().equals(MeetingScheduling.PROPOSE)) {
                continue;
            }
            int d = Days.index(String.valueOf(m.get(MeetingScheduling.DAY)));
            if (d < 0) {
                continue;
            }
            if (m.speaker() == speaker) {
                made++;
                if (i + 1 < transcript.size() && transcript.get(i + 1).speaker() != speaker
                        && !transcript.get(i + 1).moveId().equals(MeetingScheduling.ACCEPT)) {
                    refused |= 1 << d;
                }
            } else {
                theirs |= 1 << d;
            }
        }
        int free = 0;
        for (int d = 0; d < Days.COUNT; d++) {
            if (!Days.away(me, d)) {
                free |= 1 << d;
            }
        }
        if (free == 0) {
            return 0;
        }
        int candidates = free & ~refused;
        if (candidates == 0) {
            candidates = free;
        }
        double best = best(me);
        double target = Math.min(best, Temperaments.of(instruction).demandAfter(made) * best) - 1e-9;
        int meet = -1;
        int modest = -1;
        int top = -1;
        for (int d = 0; d < Days.COUNT; d++) {
            if ((candidates & (1 << d)) == 0) {
                continue;
            }
            double p = Days.preference(me, d);
            if ((theirs & (1 << d)) != 0 && p >= target && (meet < 0 || p > Days.preference(me, meet))) {
                meet = d;
            }
            if (p >= target && (modest < 0 || p < Days.preference(me, modest))) {
                modest = d;
            }
            if (top < 0 || p > Days.preference(me, top)) {
                top = d;
            }
        }
        return meet >= 0 ? meet : modest >= 0 ? modest : top;
    }

    /** The day of the other's proposal the speaker is answering, or -1. */
    static int dayOnTable(int speaker, List<Message> transcript) {
        if (transcript.isEmpty()) {
            return -1;
        }
        Message last = transcript.get(transcript.size() - 1);
        if (last.speaker() == speaker || !last.moveId().equals(MeetingScheduling.PROPOSE)) {
            return -1;
        }
        return Days.index(String.valueOf(last.get(MeetingScheduling.DAY)));
    }

    /** The day an {@code insist-on-DAY} instruction names, or -1. */
    static int insistedDay(Instruction instruction) {
        String n = instruction.name();
        return n.startsWith(INSIST_PREFIX) ? Days.index(n.substring(INSIST_PREFIX.length())) : -1;
    }

    private static int proposalsMade(int speaker, List<Message> transcript) {
        int n = 0;
        for (Message m : transcript) {
            if (m.speaker() == speaker && m.moveId().equals(MeetingScheduling.PROPOSE)) {
                n++;
            }
        }
        return n;
    }

    private static double best(PrivateInfo me) {
        double best = 0;
        for (int d = 0; d < Days.COUNT; d++) {
            if (!Days.away(me, d)) {
                best = Math.max(best, Days.preference(me, d));
            }
        }
        return best;
    }
}
