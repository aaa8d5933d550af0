package dev.parley.domain.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import java.util.ArrayList;
import java.util.List;

/**
 * The domains' check that a planner reads no opponent information: with the other player's private information
 * taken from another scenario, what the speaker plans and chooses stays the same.
 */
public final class OpponentBlindness {

    private OpponentBlindness() {
    }

    /** Who speaks after transcript {@code t} in a strict two-player turn order that player 0 opens. */
    public static int nextSpeaker(List<Message> t) {
        return t.isEmpty() ? 0 : 1 - t.get(t.size() - 1).speaker();
    }

    /** {@code s} with the private information of the player other than {@code speaker} taken from {@code other}. */
    public static Scenario withOpponentFrom(Scenario s, int speaker, Scenario other) {
        List<PrivateInfo> swapped = new ArrayList<>(s.players());
        swapped.set(1 - speaker, other.player(1 - speaker));
        return new Scenario(s.id(), s.topic(), swapped);
    }

    /**
     * For every instruction, the planner's content for each of {@code moves} and its choice among {@code legal} are
     * the same in {@code changed} as in {@code s}.
     */
    public static void assertSamePlans(ContentPlanner planner, Scenario s, Scenario changed, int speaker,
            List<Message> t, List<String> moves, List<String> legal, List<Instruction> instructions) {
        MoveContext original = new MoveContext(s, speaker, t);
        MoveContext swapped = new MoveContext(changed, speaker, t);
        for (Instruction i : instructions) {
            for (String move : moves) {
                assertThat(planner.plan(swapped, move, i)).isEqualTo(planner.plan(original, move, i));
            }
            assertThat(planner.chooseMove(swapped, legal, i)).isEqualTo(planner.chooseMove(original, legal, i));
        }
    }
}
