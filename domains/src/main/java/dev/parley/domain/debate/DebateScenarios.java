package dev.parley.domain.debate;

import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Debate scenarios: a proposition, each debater's private stance (one argues for, the other against) and the
 * audience — the order in which the audience ranks the values the topic's arguments promote, which decides which
 * attacks succeed when the offline judge weighs the debate. Both debaters are told the audience's order (a debater
 * knows the hall it speaks to); it is dealt by chance with the scenario.
 *
 * <p>The first scenario is the default: "Breakfast is the most important meal of the day", Alice for, Bob against,
 * the audience ranking health, wellbeing, knowledge, liberty, tradition. The others are seeded draws: a topic, who
 * argues for it (either debater, with equal chance) and a uniformly random audience order.
 */
public final class DebateScenarios {

    /** Contentious propositions (at least 20) for LLM runs; the first ones have argument banks. */
    public static final List<String> PROPOSITIONS = List.of(
            "Breakfast is the most important meal of the day",
            "Alcohol should be illegal",
            "Homework should be banned in primary schools",
            "Cities should ban private cars from their centres",
            "Social media does more harm than good",
            "Zoos should be abolished",
            "Space exploration is a waste of money",
            "Video games are a form of art",
            "Voting should be compulsory",
            "The voting age should be lowered to 16",
            "School uniforms should be mandatory",
            "Nuclear power is the best answer to climate change",
            "Animal testing should be banned",
            "A four-day working week should be standard",
            "Tipping in restaurants should be abolished",
            "Professional athletes are overpaid",
            "Cash should be phased out",
            "Remote work is better than office work",
            "Fast food should carry tobacco-style health warnings",
            "Public transport should be free");

    /** Values ranked for topics without an argument bank (only a language model can use them). */
    static final List<String> GENERIC_VALUES = List.of("health", "liberty", "fairness", "safety", "prosperity");

    static final String AUDIENCE_PREFIX = "audience.";

    private DebateScenarios() {
    }

    public static Scenario defaultScenario() {
        ArgumentBank.Topic t = ArgumentBank.topics().get(0);
        return scenario("default", t.proposition(), Side.PRO, t.values());
    }

    /**
     * A seeded draw: a proposition (from all {@link #PROPOSITIONS}, or only the topics with an argument bank), the
     * side Alice argues, and an audience value order.
     */
    static Scenario draw(String id, SplittableRandom random, boolean allPropositions) {
        List<String> pool = allPropositions ? PROPOSITIONS
                : ArgumentBank.topics().stream().map(ArgumentBank.Topic::proposition).toList();
        String proposition = pool.get(random.nextInt(pool.size()));
        Side alice = random.nextBoolean() ? Side.PRO : Side.CON;
        List<String> values = new ArrayList<>(ArgumentBank.topic(proposition)
                .map(ArgumentBank.Topic::values).orElse(GENERIC_VALUES));
        for (int k = values.size() - 1; k > 0; k--) {
            int j = random.nextInt(k + 1);
            values.set(k, values.set(j, values.get(k)));
        }
        return scenario(id, proposition, alice, values);
    }

    /** A scenario: Alice argues {@code aliceSide}, Bob the other side; {@code audience} most preferred first. */
    public static Scenario scenario(String id, String proposition, Side aliceSide, List<String> audience) {
        return new Scenario(id, proposition, List.of(info("Alice", aliceSide, proposition, audience),
                info("Bob", aliceSide.other(), proposition, audience)));
    }

    private static PrivateInfo info(String role, Side side, String proposition, List<String> audience) {
        Map<String, Double> numbers = new HashMap<>();
        for (int i = 0; i < audience.size(); i++) {
            numbers.put(AUDIENCE_PREFIX + audience.get(i), (double) i);
        }
        String position = side == Side.PRO ? "You argue for the proposition: " + proposition + "."
                : "You argue against the proposition: " + proposition + ".";
        List<String> knowledge = List.of("You are " + role + ". " + position,
                "The audience values " + String.join(" above ", audience) + ".",
                "You win if the audience is persuaded by your side; conceding loses the debate.");
        return new PrivateInfo(role, side.stance(), knowledge, numbers);
    }

    /** The audience's order, most preferred first, as a player knows it (values of {@code topicValues} it ranks). */
    static List<String> audience(PrivateInfo info, List<String> topicValues) {
        // a value the scenario does not rank is left out: the audience prefers nothing to it and it to nothing
        String[] ranked = new String[topicValues.size()];
        for (String v : topicValues) {
            double r = info.number(AUDIENCE_PREFIX + v, -1);
            if (r >= 0 && r < ranked.length && ranked[(int) r] == null) {
                ranked[(int) r] = v;
            }
        }
        List<String> out = new ArrayList<>();
        for (String v : ranked) {
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }
}
