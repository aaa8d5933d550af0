package dev.parley.llm;

import java.util.List;

/**
 * A dialogue at a terminal history, as a reward model sees it.
 *
 * @param players     the players' names, by player index
 * @param privateInfo each player's private information (their values, their calendar, their side), by player index
 * @param transcript  the public messages in order; instructions (tones) are private and never appear here
 */
public record FinishedDialogue(List<String> players, List<String> privateInfo, List<Turn> transcript) {

    /** One public message. */
    public record Turn(int player, String text) {
    }

    public FinishedDialogue {
        players = List.copyOf(players);
        privateInfo = List.copyOf(privateInfo);
        transcript = List.copyOf(transcript);
        if (players.size() != privateInfo.size()) {
            throw new IllegalArgumentException(players.size() + " players but " + privateInfo.size()
                    + " private-information entries");
        }
        for (Turn t : transcript) {
            if (t.player() < 0 || t.player() >= players.size()) {
                throw new IllegalArgumentException("turn by unknown player " + t.player());
            }
        }
    }

    /** "name: text" per line. */
    public String transcriptText() {
        StringBuilder sb = new StringBuilder();
        for (Turn t : transcript) {
            sb.append(players.get(t.player())).append(": ").append(t.text()).append('\n');
        }
        return sb.toString();
    }
}
