package dev.parley.engine;

import java.util.Objects;

/** Someone taking part in a dialogue: a unique id and the protocol player it plays. */
public record Participant(String id, String player) {

    public Participant {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(player, "player");
    }
}
