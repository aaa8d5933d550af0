package dev.parley.domain.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

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
     * The check over random play: for {@code trials} random dialogues of each scenario in {@code list} (each of
     * fewer than {@code movesBound} moves, drawn by {@link EnginePlayout#random} with the domain's lexicon and
     * baseline), unless its last move ended it, {@link #assertSamePlans} with the next speaker's opponent taken
     * from a random scenario of {@code list}.
     *
     * @param ends  whether a last move of this id ends the dialogue (nobody plans after it)
     * @param legal the moves the next speaker chooses among after a transcript
     */
    public static void assertBlindInRandomPlay(Domain domain, ContentPlanner planner, List<Scenario> list,
            SplittableRandom random, int trials, int movesBound, Predicate<String> ends, List<String> moves,
            Function<List<Message>, List<String>> legal) {
        List<Instruction> all = LexiconAndBaseline.of(domain);
        for (Scenario s : list) {
            for (int trial = 0; trial < trials; trial++) {
                List<Message> t = EnginePlayout.random(domain, s, all, random, random.nextInt(movesBound));
                if (!t.isEmpty() && ends.test(t.get(t.size() - 1).moveId())) {
                    continue;
                }
                int speaker = nextSpeaker(t);
                Scenario other = list.get(random.nextInt(list.size()));
                Scenario changed = withOpponentFrom(s, speaker, other);
                assertSamePlans(planner, s, changed, speaker, t, moves, legal.apply(t), all);
            }
        }
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
