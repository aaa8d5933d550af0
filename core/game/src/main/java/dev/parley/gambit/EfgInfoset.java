package dev.parley.gambit;

import dev.parley.game.ChanceOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * An information set of a parsed {@code .efg} file: its owner, its number in the file, its actions and, for chance,
 * the probabilities of its actions.
 */
final class EfgInfoset {

    /** 0-based player, or {@link dev.parley.game.State#CHANCE}. */
    final int player;
    final int number;
    final String name;
    final List<String> labels;
    final Rational[] exactProbabilities;
    final List<ChanceOutcome> outcomes;
    final String key;
    /** Where the description was given, for messages about later inconsistencies. */
    final Token describedAt;
    int members;
    /** Interned id of the player's own (infoset, action) sequence on the way here; every member has the same. */
    int ownHistory;

    EfgInfoset(int player, int number, String name, List<String> labels, Rational[] exactProbabilities,
            Token describedAt) {
        this.player = player;
        this.number = number;
        this.name = name;
        this.labels = List.copyOf(labels);
        this.exactProbabilities = exactProbabilities;
        this.describedAt = describedAt;
        if (exactProbabilities != null) {
            List<ChanceOutcome> list = new ArrayList<>();
            for (int i = 0; i < exactProbabilities.length; i++) {
                list.add(new ChanceOutcome(i, exactProbabilities[i].toDouble()));
            }
            this.outcomes = List.copyOf(list);
            this.key = "chance:" + number;
        } else {
            this.outcomes = List.of();
            // Derived from the file's own numbering, so that keys are unique per player whatever the names are.
            this.key = (player + 1) + ":" + number + (name.isEmpty() ? "" : ":" + name);
        }
    }

    int actionCount() {
        return labels.size();
    }
}
