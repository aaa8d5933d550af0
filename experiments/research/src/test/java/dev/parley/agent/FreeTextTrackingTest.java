package dev.parley.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.Contents;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.domain.fruit.Fruits;
import dev.parley.game.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Steering that understands what others say: a counter-offer made in a person's own words is located by its move and
 * content; under --observe words by the nearest wording (MiniLM embeddings, the distance reported), under
 * --observe moves exactly; content no game player would give is refused under moves and approximated under words.
 */
@Tag("minilm")
class FreeTextTrackingTest {

    private static final Domain FRUIT = FruitTrading.domain();
    private static SteeringModel words;
    private static SteeringModel moves;

    @BeforeAll
    static void solve() {
        words = SteeringModel.solve(FRUIT, new OfflineMoveGenerator(FRUIT.content()),
                new SteeringModel.Settings(2, 3, 1, 2, Observation.WORDS), 50);
        moves = SteeringModel.solve(FRUIT, new OfflineMoveGenerator(FRUIT.content()),
                new SteeringModel.Settings(2, 3, 1, 2, Observation.MOVES), 50);
    }

    /** What Alice's steered first move says, and a move Bob's planner makes in answer, from the game itself. */
    private static List<Message> played(SteeringModel m) {
        DialogueGame g = m.game();
        State s = g.initialState().child(0);
        s = s.child(s.legalActions()[0]);
        int counter = -1;
        for (int a : s.legalActions()) {
            if (g.codec().move(a).orElse("").equals("counter")) {
                counter = a;
                break;
            }
        }
        return g.transcript(s.child(counter));
    }

    private static DgepClient.Said said(int index, String player, Message m, String words) {
        return new DgepClient.Said(index, player, m.moveId(), Contents.reply(m.content()), null, words);
    }

    @Test
    void aPersonsOwnWordsForAGameCounterOfferAreLocatedByTheNearestWording() {
        List<Message> t = played(words);
        // Bob says the counter-offer the game knows, in words of his own
        String free = "Hmm, not quite. How about this instead: " + Fruits.words(Fruits.gives(t.get(1).get("offer")))
                + " from me, and in return you hand over " + Fruits.words(Fruits.gets(t.get(1).get("offer")))
                + ". Deal?";
        List<DgepClient.Said> transcript = List.of(said(0, "Alice", t.get(0), t.get(0).text()),
                said(1, "Bob", t.get(1), free));
        Steering.Advice advice = Steering.advise(words, 0, "Alice", transcript, new MiniLmWordingMatcher());
        assertThat(advice.player()).isEqualTo("Alice");
        assertThat(advice.distance()).isPositive().isLessThan(1.0);
        assertThat(advice.distribution().values().stream().mapToDouble(Double::doubleValue).sum())
                .isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-9));

        // under --observe moves the same words need no matching at all: the location is exact
        List<Message> tm = played(moves);
        List<DgepClient.Said> byMoves = List.of(said(0, "Alice", tm.get(0), "whatever Alice said"),
                said(1, "Bob", tm.get(1), free));
        Steering.Advice exact = Steering.advise(moves, 0, "Alice", byMoves, new MiniLmWordingMatcher());
        assertThat(exact.distance()).isZero();
    }

    @Test
    void contentNoGamePlayerGivesIsRefusedUnderMovesAndApproximatedUnderWords() {
        List<Message> t = played(moves);
        // Bob counters with an offer no planner of the game makes (planners give at most 3 of a fruit): all five
        // of his blueberries for one banana
        Map<String, Object> odd = Map.of("offer", Fruits.offer(new int[] {0, 0, 5, 0}, new int[] {0, 1, 0, 0}));
        Message oddCounter = new Message(1, "counter", odd, "Five blueberries for a banana, take it or leave it.");
        List<DgepClient.Said> transcript = List.of(said(0, "Alice", t.get(0), t.get(0).text()),
                said(1, "Bob", oddCounter, oddCounter.text()));
        assertThatThrownBy(() -> Steering.advise(moves, 0, "Alice", transcript, new MiniLmWordingMatcher()))
                .isInstanceOf(AgentException.class)
                .hasMessageContaining("has content no game player gives there");
        Steering.Advice near = Steering.advise(words, 0, "Alice", List.of(said(0, "Alice", played(words).get(0),
                played(words).get(0).text()), said(1, "Bob", oddCounter, oddCounter.text())),
                new MiniLmWordingMatcher());
        assertThat(near.distance()).isPositive();
        // an offer of fruit Bob does not hold is refused outright, in either mode
        Message impossible = new Message(1, "counter", Map.of("offer", Fruits.offer(new int[] {9, 0, 0, 0},
                new int[] {0, 1, 0, 0})), "Nine apples for a banana!");
        assertThatThrownBy(() -> Steering.advise(words, 0, "Alice", List.of(said(0, "Alice", played(words).get(0),
                played(words).get(0).text()), said(1, "Bob", impossible, impossible.text()))))
                .isInstanceOf(AgentException.class).hasMessageContaining("infeasible: you cannot give 9 apples");
    }
}
