package dev.parley.domain.debate;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Audience;
import dev.parley.argument.Extension;
import dev.parley.argument.ValueBasedFramework;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The offline debate judge, by argumentation. What was said becomes a value-based argumentation framework
 * ({@link ValueBasedFramework}, Bench-Capon 2003):
 * <ul>
 *   <li>the two claims, {@code claim:pro} and {@code claim:con}, attacking each other;</li>
 *   <li>every banked argument a debater made for its own side, attacking the other side's claim and every argument
 *       made for the other side (conflicting conclusions attack both ways);</li>
 *   <li>every banked rebuttal a debater made, attacking the argument it answers (if that argument was made);</li>
 *   <li>a debater who concedes withdraws its claim, arguments and rebuttals.</li>
 * </ul>
 * Each argument and rebuttal promotes its value; the claims promote none, so attacks on and by claims always
 * succeed. For the scenario's audience (its value order), an attack succeeds unless the audience strictly prefers
 * the attacked argument's value to the attacker's. The side whose claim is in the grounded extension of the defeats
 * wins (1, the other 0); when neither claim is, each gets 0.5.
 */
public final class DebateJudge implements OutcomeScorer {

    public static final double MIN = 0;
    public static final double MAX = 1;

    static final String CLAIM_PRO = "claim:pro";
    static final String CLAIM_CON = "claim:con";
    private static final String NO_VALUE = "(claim)";

    @Override
    public double[] score(Scenario scenario, List<Message> transcript) {
        int n = scenario.players().size();
        double[] payoffs = new double[n];
        Side winner = winner(scenario, transcript);
        for (int p = 0; p < n; p++) {
            Side side = Side.ofStance(scenario.player(p).stance());
            payoffs[p] = winner == null ? 0.5 : side == winner ? 1.0 : 0.0;
        }
        return payoffs;
    }

    /** The winning side, or null when neither claim is in the grounded extension. */
    public static Side winner(Scenario scenario, List<Message> transcript) {
        Extension grounded = grounded(scenario, transcript);
        if (grounded.contains(CLAIM_PRO)) {
            return Side.PRO;
        }
        if (grounded.contains(CLAIM_CON)) {
            return Side.CON;
        }
        return null;
    }

    /** The grounded extension of the debate's defeat graph for the scenario's audience. */
    public static Extension grounded(Scenario scenario, List<Message> transcript) {
        Framework f = framework(scenario, transcript);
        return f.vaf().defeatGraph(f.audience()).grounded();
    }

    /** The value-based framework of a debate and its audience. */
    public record Framework(ValueBasedFramework vaf, Audience audience) { }

    public static Framework framework(Scenario scenario, List<Message> transcript) {
        Optional<ArgumentBank.Topic> topic = ArgumentBank.topic(scenario.topic());
        Side conceded = null;
        for (Message m : transcript) {
            if (m.moveId().equals(Debate.CONCEDE)) {
                conceded = Side.ofStance(scenario.player(m.speaker()).stance());
                break;
            }
        }
        List<ArgumentBank.Argument> arguments = new ArrayList<>();
        List<ArgumentBank.Rebuttal> rebuttals = new ArrayList<>();
        for (Message m : transcript) {
            Side side = Side.ofStance(scenario.player(m.speaker()).stance());
            if (side == null || side == conceded) {
                continue;
            }
            if (m.moveId().equals(Debate.ARGUE)) {
                ArgumentBank.argument(Debate.member(m, Debate.REF))
                        .filter(a -> a.side() == side && !arguments.contains(a)
                                && topic.map(t -> t.arguments().contains(a)).orElse(false))
                        .ifPresent(arguments::add);
            } else if (m.moveId().equals(Debate.REBUT)) {
                ArgumentBank.rebuttal(Debate.member(m, Debate.REF))
                        .filter(r -> r.side() == side && !rebuttals.contains(r)
                                && topic.map(t -> t.rebuttals().contains(r)).orElse(false))
                        .ifPresent(rebuttals::add);
            }
        }
        ArgumentationFramework.Builder b = ArgumentationFramework.builder();
        Map<String, String> values = new HashMap<>();
        if (conceded != Side.PRO) {
            b.argument(CLAIM_PRO);
            values.put(CLAIM_PRO, NO_VALUE);
        }
        if (conceded != Side.CON) {
            b.argument(CLAIM_CON);
            values.put(CLAIM_CON, NO_VALUE);
        }
        if (conceded == null) {
            b.attack(CLAIM_PRO, CLAIM_CON).attack(CLAIM_CON, CLAIM_PRO);
        }
        for (ArgumentBank.Argument a : arguments) {
            b.argument(a.id());
            values.put(a.id(), a.value());
        }
        for (ArgumentBank.Argument a : arguments) {
            String otherClaim = a.side() == Side.PRO ? CLAIM_CON : CLAIM_PRO;
            if (values.containsKey(otherClaim)) {
                b.attack(a.id(), otherClaim);
            }
            for (ArgumentBank.Argument o : arguments) {
                if (o.side() != a.side()) {
                    b.attack(a.id(), o.id());
                }
            }
        }
        for (ArgumentBank.Rebuttal r : rebuttals) {
            b.argument(r.id());
            values.put(r.id(), r.value());
            if (values.containsKey(r.attacks())) {
                b.attack(r.id(), r.attacks());
            }
        }
        List<String> order = topic.map(t -> DebateScenarios.audience(scenario.player(0), t.values()))
                .orElse(List.of());
        return new Framework(ValueBasedFramework.of(b.build(), values), Audience.ranking(order));
    }
}
