package dev.parley.domain.debate;

import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.support.MovePreference;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The offline debater. It reads only its own stance (and the audience it was told about, which it does not use:
 * the solver's choice of style is what adapts to the audience) and the public transcript.
 *
 * <ul>
 *   <li>{@code claim}: its side's claim.</li>
 *   <li>{@code argue}: an argument of its side not yet used. Under a style, the first in bank order of the style
 *       it prefers most that still has one left ({@link DebateStyle#order()}); under the baseline, simply the first
 *       in bank order (which interleaves the styles, so it matches no single style).</li>
 *   <li>{@code rebut}: a rebuttal of its side not yet used, aimed at an argument the other side has made. Under a
 *       style, the best-ranked style wins, ties going to the rebuttal of the latest (or the earliest) point; under the
 *       baseline, the first in bank order.</li>
 *   <li>{@code concede} and {@code close}: no choice to make.</li>
 * </ul>
 * When nothing is left to argue or rebut, the move carries no argument (it cannot change the verdict).
 */
public final class DebatePlanner implements ContentPlanner {

    @Override
    public Map<String, Object> plan(MoveContext context, String moveId, Instruction instruction) {
        Scenario scenario = context.scenario();
        List<Message> transcript = context.transcript();
        Side side = side(context.me());
        Optional<ArgumentBank.Topic> topic = ArgumentBank.topic(scenario.topic());
        String own = claimText(scenario.topic(), topic, side);
        Map<String, Object> argument = new LinkedHashMap<>();
        switch (moveId) {
            case Debate.ARGUE -> {
                argument.put(Debate.CLAIM_KEY, own);
                ArgumentBank.Argument a = topic.isEmpty() ? null
                        : argument(topic.get(), side, transcript, DebateStyles.of(instruction).orElse(null));
                if (a != null) {
                    argument.put(Debate.PREMISE, a.text());
                    argument.put(Debate.REF, a.id());
                }
            }
            case Debate.REBUT -> {
                argument.put(Debate.CLAIM_KEY, own);
                ArgumentBank.Rebuttal r = topic.isEmpty() ? null
                        : rebuttal(topic.get(), side, transcript, DebateStyles.of(instruction).orElse(null));
                if (r != null) {
                    argument.put(Debate.PREMISE, r.text());
                    argument.put(Debate.REF, r.id());
                    argument.put(Debate.TARGET, r.attacks());
                }
            }
            case Debate.CONCEDE -> argument.put(Debate.CLAIM_KEY, claimText(scenario.topic(), topic, side.other()));
            default -> argument.put(Debate.CLAIM_KEY, own);
        }
        return Map.of(Debate.ARGUMENT, argument);
    }

    /**
     * An unguided debater: it opens with its claim; answering, it rebuts the other side's latest argument if it can,
     * else makes an argument while it has one left, else states its claim if it has not, else closes. (Answering a
     * claim with an argument rather than a counter-claim: the judge hears both positions anyway.)
     */
    @Override
    public Optional<String> chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction) {
        Scenario scenario = context.scenario();
        int speaker = context.speaker();
        List<Message> transcript = context.transcript();
        Side side = side(scenario.player(speaker));
        Optional<ArgumentBank.Topic> topic = ArgumentBank.topic(scenario.topic());
        boolean claimed = false;
        for (Message m : transcript) {
            claimed |= m.speaker() == speaker && m.moveId().equals(Debate.CLAIM);
        }
        if (transcript.isEmpty() && legalMoveIds.contains(Debate.CLAIM)) {
            return Optional.of(Debate.CLAIM);
        }
        if (topic.isPresent()) {
            Message last = transcript.isEmpty() ? null : transcript.get(transcript.size() - 1);
            if (legalMoveIds.contains(Debate.REBUT) && last != null && last.speaker() != speaker
                    && last.moveId().equals(Debate.ARGUE)) {
                String target = Debate.member(last, Debate.REF);
                for (ArgumentBank.Rebuttal r : topic.get().rebuttals()) {
                    if (r.side() == side && r.attacks().equals(target) && !used(transcript, r.id())) {
                        return Optional.of(Debate.REBUT);
                    }
                }
            }
            if (legalMoveIds.contains(Debate.ARGUE) && argument(topic.get(), side, transcript, null) != null) {
                return Optional.of(Debate.ARGUE);
            }
        }
        if (!claimed && legalMoveIds.contains(Debate.CLAIM)) {
            return Optional.of(Debate.CLAIM);
        }
        return MovePreference.firstLegal(legalMoveIds, Debate.CLOSE, Debate.ARGUE);
    }

    static Side side(PrivateInfo me) {
        Side side = Side.ofStance(me.stance());
        if (side == null) {
            throw new IllegalArgumentException("debater " + me.role() + " has stance '" + me.stance()
                    + "'; a debater argues for (support) or against (oppose)");
        }
        return side;
    }

    static String claimText(String proposition, Optional<ArgumentBank.Topic> topic, Side side) {
        if (topic.isPresent()) {
            return lower(topic.get().claim(side));
        }
        return side == Side.PRO ? lower(proposition) : "it is not the case that " + lower(proposition);
    }

    private static String lower(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** The argument to make, or null when the side has none left. */
    static ArgumentBank.Argument argument(ArgumentBank.Topic topic, Side side, List<Message> transcript,
                                          DebateStyle style) {
        ArgumentBank.Argument best = null;
        int bestRank = Integer.MAX_VALUE;
        for (ArgumentBank.Argument a : topic.arguments()) {
            if (a.side() != side || used(transcript, a.id())) {
                continue;
            }
            int rank = style == null ? 0 : style.rank(a.style());
            if (rank < bestRank) {
                best = a;
                bestRank = rank;
            }
        }
        return best;
    }

    /** The rebuttal to make, or null when none is available. */
    static ArgumentBank.Rebuttal rebuttal(ArgumentBank.Topic topic, Side side, List<Message> transcript,
                                          DebateStyle style) {
        ArgumentBank.Rebuttal best = null;
        int bestRank = Integer.MAX_VALUE;
        int bestAt = -1;
        for (ArgumentBank.Rebuttal r : topic.rebuttals()) {
            if (r.side() != side || used(transcript, r.id())) {
                continue;
            }
            int at = madeAt(transcript, r.attacks(), side.other());
            if (at < 0) {
                continue;
            }
            if (style == null) {
                return r;
            }
            int rank = style.rank(r.style());
            boolean better = rank < bestRank
                    || (rank == bestRank && (style.latestFirst() ? at > bestAt : at < bestAt));
            if (better) {
                best = r;
                bestRank = rank;
                bestAt = at;
            }
        }
        return best;
    }

    /** Whether an argument or rebuttal id has been used in the transcript. */
    static boolean used(List<Message> transcript, String id) {
        for (Message m : transcript) {
            if (id.equals(Debate.member(m, Debate.REF))) {
                return true;
            }
        }
        return false;
    }

    /** The transcript position where a debater of side {@code by} made the argument, or -1. */
    private static int madeAt(List<Message> transcript, String argumentId, Side by) {
        for (int i = 0; i < transcript.size(); i++) {
            Message m = transcript.get(i);
            if (m.moveId().equals(Debate.ARGUE) && argumentId.equals(Debate.member(m, Debate.REF))) {
                Optional<ArgumentBank.Argument> a = ArgumentBank.argument(argumentId);
                if (a.isPresent() && a.get().side() == by) {
                    return i;
                }
            }
        }
        return -1;
    }
}
