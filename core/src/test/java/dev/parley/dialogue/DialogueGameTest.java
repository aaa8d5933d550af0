package dev.parley.dialogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.game.GameTree;
import dev.parley.game.State;
import dev.parley.game.testkit.GameConformance;
import dev.parley.llm.Generation;
import dev.parley.llm.OfflineRealiser;
import dev.parley.llm.UtteranceGenerator;
import dev.parley.preface.Dcrs;
import dev.parley.preface.FilledMove;
import dev.parley.preface.ReplyObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DialogueGameTest {

    private static final List<Scenario> SCENARIOS = List.of(HaggleDomain.scenario("cheap", 3, 9),
            HaggleDomain.scenario("dear", 5, 9), HaggleDomain.scenario("poor", 3, 6));

    private static DialogueGame game(UtteranceGenerator generator, int maxReplies, int seeds) {
        return new DialogueGame(new HaggleDomain(SCENARIOS), SCENARIOS, generator, null,
                new DialogueGame.Limits(maxReplies, seeds));
    }

    /** A generator whose words ignore the instruction: two histories differing only in a tone read the same. */
    static final class PlainGenerator implements UtteranceGenerator {
        @Override
        public Generation generate(Dcrs dcrs, long seed) {
            String text = dcrs.response().moveName() + ": " + dcrs.knowledge().content().get(0);
            return new Generation(new FilledMove(dcrs.response().moveName(), text, text,
                    new ReplyObject("self", null, Map.of()), backend()), null, 1, List.of(text), List.of(), 0);
        }

        @Override
        public String backend() {
            return "plain";
        }
    }

    @Test
    void passesTheConformanceKitWithTheOfflineRealiser() {
        GameConformance.Report report = GameConformance.check(game(new OfflineRealiser(), 3, 1));
        assertThat(report.exhaustive()).isTrue();
        assertThat(report.infosetsSeen()).isGreaterThan(10);
    }

    @Test
    void passesTheConformanceKitWithSamplingSeedsAsChance() {
        assertThat(GameConformance.check(game(new OfflineRealiser(), 3, 2)).exhaustive()).isTrue();
    }

    @Test
    void actionsAreMovesCrossedWithInstructions() {
        DialogueGame g = game(new PlainGenerator(), 3, 1);
        State seller = g.initialState().child(0);
        assertThat(seller.currentPlayer()).isEqualTo(0);
        // Only "ask" is legal for the seller at first: three instructions.
        assertThat(seller.legalActions()).hasSize(3);
        assertThat(seller.actionLabel(seller.legalActions()[0])).isEqualTo("ask/firm");
        State buyer = seller.child(seller.legalActions()[0]);
        assertThat(buyer.currentPlayer()).isEqualTo(1);
        // accept, reject, haggle x firm, soft, any
        assertThat(buyer.legalActions()).hasSize(9);
    }

    @Test
    void theLastMessageDecidesThePayoff() {
        // Seller asks 8 (firm); buyer haggles to 7; the seller's final message (accept or reject) sets the payoff.
        DialogueGame g = game(new PlainGenerator(), 3, 1);
        State s = g.initialState().child(0);
        s = s.child(action(s, "ask/firm"));
        s = s.child(action(s, "haggle/any"));
        State accepted = s.child(action(s, "accept/any"));
        State rejected = s.child(action(s, "reject/any"));
        assertThat(accepted.isTerminal()).isTrue();
        assertThat(accepted.returns()).containsExactly(7 - 3, 9 - 7);
        assertThat(rejected.returns()).containsExactly(0, 0);
    }

    @Test
    void maxRepliesEndsTheDialogue() {
        DialogueGame g = game(new PlainGenerator(), 1, 1);
        State s = g.initialState().child(0);
        State after = s.child(action(s, "ask/soft"));
        assertThat(after.isTerminal()).isTrue();
        assertThat(after.returns()).containsExactly(0, 0);
    }

    @Test
    void informationStatesHideOpponentInformationAndInstructions() {
        DialogueGame g = game(new PlainGenerator(), 3, 1);
        // Scenarios "cheap" and "dear" differ only in the seller's cost: the buyer cannot tell them apart.
        State cheap = g.initialState().child(0);
        State dear = g.initialState().child(1);
        // The plain generator's words name the price, not the tone: ask/firm and ask/any differ in price, so
        // compare haggles, whose words do not depend on the seller's instruction.
        State a = cheap.child(action(cheap, "ask/firm"));
        State b = dear.child(action(dear, "ask/firm"));
        assertThat(a.infoStateKey(1)).isEqualTo(b.infoStateKey(1));
        assertThat(a.infoStateKey(0)).isNotEqualTo(b.infoStateKey(0));
        // After the buyer haggles with two different instructions (same words), the seller sees the same state.
        State h1 = a.child(action(a, "haggle/firm"));
        State h2 = a.child(action(a, "haggle/soft"));
        assertThat(h1.infoStateKey(0)).isEqualTo(h2.infoStateKey(0));
        assertThat(h1.infoStateKey(1)).isNotEqualTo(h2.infoStateKey(1));
        // Nothing private of the other player appears in a key, anywhere in the tree.
        GameTree tree = GameTree.compile(g);
        for (int i = 0; i < tree.numInfosets(); i++) {
            String key = tree.infosetKey(i);
            int p = tree.infosetPlayer(i);
            assertThat(key).doesNotContain(p == 0 ? "worth" : "cost");
        }
    }

    @Test
    void compilesAndMemoisesGeneration() {
        DialogueGame g = game(new OfflineRealiser(), 3, 1);
        GameTree first = GameTree.compile(g);
        long generated = g.account().generations() - g.account().memoHits();
        GameTree second = GameTree.compile(g);
        assertThat(second.numNodes()).isEqualTo(first.numNodes());
        assertThat(g.account().generations() - g.account().memoHits()).isEqualTo(generated);
        assertThat(g.backend()).contains("offline-realiser").contains("exact:haggle");
        Set<String> texts = new HashSet<>();
        State s = g.initialState().child(0);
        for (String label : List.of("ask/firm", "ask/soft", "ask/any")) {
            State c = s.child(action(s, label));
            texts.add(c.infoStateKey(1));
            // The words carry the plan (the relevant knowledge), not the seller's private cost.
            String words = g.transcript(c).get(0).text();
            assertThat(words).containsIgnoringCase("name the price").doesNotContain("cost you");
        }
        assertThat(texts).hasSize(3);
    }

    @Test
    void baselinePlaysAnyWithTheMoveAnUnguidedSpeakerPicks() {
        DialogueGame g = game(new PlainGenerator(), 3, 1);
        GameTree tree = GameTree.compile(g);
        double[] base = g.baselineSlots(tree);
        for (int i = 0; i < tree.numInfosets(); i++) {
            double total = 0;
            for (int s = tree.slotStart(i); s < tree.slotStart(i) + tree.actionCount(i); s++) {
                total += base[s];
                if (base[s] > 0) {
                    assertThat(tree.slotLabel(s)).endsWith("/any");
                }
            }
            assertThat(total).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12));
        }
        // Scenario "cheap" (worth 9): the baseline seller asks 7, and the buyer accepts (7 <= 9 - 2).
        State cheap = g.initialState().child(0);
        int atCheapAsk = tree.infosetIndex(cheap.child(action(cheap, "ask/any")).infoStateKey(1));
        assertThat(atCheapAsk).as("buyer infoset after the baseline ask of 7").isNotNegative();
        for (int s = tree.slotStart(atCheapAsk); s < tree.slotStart(atCheapAsk) + tree.actionCount(atCheapAsk); s++) {
            assertThat(base[s]).as(tree.slotLabel(s)).isEqualTo(tree.slotLabel(s).equals("accept/any") ? 1.0 : 0.0);
        }
    }

    @Test
    void rejectsIllegalActions() {
        DialogueGame g = game(new PlainGenerator(), 3, 1);
        State s = g.initialState().child(0);
        assertThatThrownBy(() -> s.child(4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not legal");
    }

    private static int action(State s, String label) {
        List<String> labels = new ArrayList<>();
        for (int a : s.legalActions()) {
            labels.add(s.actionLabel(a));
            if (s.actionLabel(a).equals(label)) {
                return a;
            }
        }
        throw new AssertionError("no action " + label + " among " + labels);
    }
}
