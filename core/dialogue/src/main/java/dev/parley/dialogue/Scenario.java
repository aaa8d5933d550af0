package dev.parley.dialogue;

import java.util.List;
import java.util.Objects;

/**
 * What chance deals at the root of a dialogue game: the topic and each player's private information.
 *
 * @param id      a short identifier, unique within a domain's scenario list
 * @param topic   the public topic (the DCRS topic description)
 * @param players private information, one per player, in player order
 */
public record Scenario(String id, String topic, List<PrivateInfo> players) {

    public Scenario {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(topic, "topic");
        players = List.copyOf(players);
        if (players.isEmpty()) {
            throw new IllegalArgumentException("a scenario needs at least one player");
        }
    }

    public PrivateInfo player(int p) {
        return players.get(p);
    }
}
