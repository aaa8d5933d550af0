package dev.parley.dialogue;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One player's private information in a scenario: never shown to the other players.
 *
 * @param role      the protocol role or player id the player takes (e.g. {@code buyer}, {@code proponent})
 * @param stance    support, oppose or neutral towards the topic (debate), or empty
 * @param knowledge lines for the DCRS knowledge block ("You have 1 apple and 2 bananas.")
 * @param numbers   structured private values for planners and scorers ("have.apple" = 1, "value.apple" = 10)
 */
public record PrivateInfo(String role, String stance, List<String> knowledge, Map<String, Double> numbers) {

    public PrivateInfo {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(stance, "stance");
        knowledge = List.copyOf(knowledge);
        numbers = Map.copyOf(numbers);
    }

    /** A value from {@link #numbers()}, or {@code fallback}. */
    public double number(String key, double fallback) {
        return numbers.getOrDefault(key, fallback);
    }

    /** A canonical text of this information (sorted numbers): what the player's information-state key holds. */
    public String canonical() {
        return role + "|" + stance + "|" + new TreeMap<>(numbers) + "|" + String.join(" / ", knowledge);
    }
}
