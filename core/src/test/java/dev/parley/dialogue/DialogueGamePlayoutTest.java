package dev.parley.dialogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.llm.OfflineRealiser;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link DialogueGame#playout}: a whole dialogue with every player keeping one instruction, checked by hand. */
class DialogueGamePlayoutTest {

    private static final List<Scenario> SCENARIOS = List.of(HaggleDomain.scenario("cheap", 3, 9),
            HaggleDomain.scenario("dear", 5, 9), HaggleDomain.scenario("poor", 3, 6));
    private static final HaggleDomain DOMAIN = new HaggleDomain(SCENARIOS);
    private static final Instruction FIRM = DOMAIN.instructions().get(0);
    private static final Instruction SOFT = DOMAIN.instructions().get(1);

    private static DialogueGame game(List<Instruction> instructions, int seeds) {
        return new DialogueGame(DOMAIN, SCENARIOS, instructions, new OfflineRealiser(), null,
                new DialogueGame.Limits(4, seeds));
    }

    /**
     * The seller's instruction sets its ask (firm 8, soft 6, any 7); the buyer accepts a price at most worth - 2,
     * else haggles one lower; the seller accepts a haggle at least cost + 2. By hand, (seller, buyer) payoffs:
     * cheap (cost 3, worth 9): firm 8 -> haggle 7 -> accept (4, 2); soft 6 -> accept (3, 3); any 7 -> accept (4, 2).
     * dear (5, 9): firm -> haggle 7 -> accept (2, 2); soft -> accept (1, 3); any -> accept (2, 2).
     * poor (3, 6): firm -> haggle 7 -> accept (4, -1); soft 6 -> haggle 5 -> accept (2, 1); any 7 -> haggle 6 ->
     * accept (3, 0).
     */
    @Test
    void playsEachInstructionToTheHandComputedOutcome() {
        DialogueGame g = game(List.of(FIRM, SOFT, Instruction.ANY), 1);
        double[][][] expected = {
            {{4, 2}, {2, 2}, {4, -1}},   // firm
            {{3, 3}, {1, 3}, {2, 1}},    // soft
            {{4, 2}, {2, 2}, {3, 0}}};   // any
        List<Instruction> sellers = List.of(FIRM, SOFT, Instruction.ANY);
        for (int i = 0; i < sellers.size(); i++) {
            for (int s = 0; s < SCENARIOS.size(); s++) {
                for (Instruction buyer : sellers) { // the buyer's instruction changes nothing in this domain
                    DialogueGame.Playout p = g.playout(s, List.of(sellers.get(i), buyer), new Random(s));
                    assertThat(p.returns()).as(sellers.get(i).name() + " in " + SCENARIOS.get(s).id())
                            .containsExactly(expected[i][s]);
                    assertThat(p.scenario()).isEqualTo(SCENARIOS.get(s));
                }
            }
        }
        DialogueGame.Playout poorFirm = g.playout(2, List.of(FIRM, SOFT), new Random(1));
        assertThat(poorFirm.transcript()).extracting(Message::moveId).containsExactly("ask", "haggle", "accept");
        assertThat(poorFirm.transcript()).extracting(m -> m.content().get("price")).startsWith("8", "7");
        assertThat(poorFirm.transcript()).extracting(Message::speaker).containsExactly(0, 1, 0);
    }

    @Test
    void samplingSeedsAsChanceDoNotChangeTheOutcomeOfTheOfflineScorer() {
        DialogueGame one = game(List.of(FIRM, SOFT), 1);
        DialogueGame three = game(List.of(SOFT, FIRM), 3);
        for (int s = 0; s < SCENARIOS.size(); s++) {
            assertThat(three.playout(s, List.of(FIRM, SOFT), new Random(9)).returns())
                    .containsExactly(one.playout(s, List.of(FIRM, SOFT), new Random(2)).returns());
        }
    }

    @Test
    void refusesInstructionsOutsideTheGameAndBadInstructionSets() {
        DialogueGame g = game(List.of(FIRM), 1);
        assertThatThrownBy(() -> g.playout(0, List.of(FIRM, SOFT), new Random(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("soft");
        assertThatThrownBy(() -> g.playout(3, List.of(FIRM, FIRM), new Random(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no scenario 3");
        assertThatThrownBy(() -> g.playout(0, List.of(FIRM), new Random(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one instruction per player");
        assertThatThrownBy(() -> game(List.of(FIRM, new Instruction("firm", "Be very firm.")), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("distinct");
        assertThatThrownBy(() -> game(List.of(), 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDomainsOwnInstructionSetRemainsTheDefault() {
        DialogueGame g = new DialogueGame(DOMAIN, SCENARIOS, new OfflineRealiser(), null,
                new DialogueGame.Limits(3, 1));
        assertThat(g.instructions()).isEqualTo(DOMAIN.instructions());
    }
}
