package dev.parley.dialogue;

import java.util.List;
import java.util.Objects;

/**
 * Where a move is made: the scenario (whose private information only the speaker's part may be read by the
 * speaker's content model), the speaker, and the public transcript so far.
 */
public record MoveContext(Scenario scenario, int speaker, List<Message> transcript) {

    public MoveContext {
        Objects.requireNonNull(scenario, "scenario");
        transcript = List.copyOf(transcript);
        if (speaker < 0 || speaker >= scenario.players().size()) {
            throw new IllegalArgumentException("no player " + speaker + " in scenario " + scenario.id());
        }
    }

    /** The speaker's own private information. */
    public PrivateInfo me() {
        return scenario.player(speaker);
    }

    /** The last message, or null at the start. */
    public Message last() {
        return transcript.isEmpty() ? null : transcript.get(transcript.size() - 1);
    }
}
