package dev.parley.domain.fruit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.MoveVerifier;
import dev.parley.dialogue.Scenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Fruit trading's content schema says exactly what the feasibility check allows, so a grammar can decode under it. */
class FruitRulesTest {

    private static final FruitRules RULES = new FruitRules();
    private static final MoveVerifier VERIFIER = new MoveVerifier(FruitTrading.domain().content());

    private static Map<String, Object> offer(int[] give, int[] get) {
        return Map.of(FruitTrading.OFFER, Fruits.offer(give, get));
    }

    @Test
    void anOffersSchemaAcceptsExactlyTheFeasibleOffers() {
        for (Scenario sc : FruitTrading.domain().scenarios(4, 7)) {
            MoveContext at = new MoveContext(sc, 0, List.of());
            ObjectNode schema = RULES.schema(FruitTrading.PROPOSE, at);
            int checked = 0;
            int feasible = 0;
            // every offer of 0..3 of each fruit given and 0..2 of each asked for: schema and check agree
            for (int g = 0; g < 256; g++) {
                for (int h = 0; h < 81; h++) {
                    int[] give = new int[4];
                    int[] get = new int[4];
                    for (int f = 0, x = g, y = h; f < 4; f++, x /= 4, y /= 3) {
                        give[f] = x % 4;
                        get[f] = y % 3;
                    }
                    Map<String, Object> content = offer(give, get);
                    boolean valid = VERIFIER.checkSchema(schema, content).isEmpty();
                    boolean ok = RULES.infeasible(FruitTrading.PROPOSE, content, at).isEmpty();
                    assertThat(valid).as("%s for %s", content, sc.player(0).knowledge()).isEqualTo(ok);
                    feasible += ok ? 1 : 0;
                    checked++;
                }
            }
            assertThat(checked).isEqualTo(256 * 81);
            assertThat(feasible).isPositive();
        }
    }

    /**
     * The propose and counter schema is memoised by the speaker's holdings: the same node for the same holdings
     * (so the verifier finds its compiled form by identity), equal to what a fresh rules object builds, another
     * schema for other holdings; and verifying against it leaves it as it was.
     */
    @Test
    void theOfferSchemaIsMemoisedByTheHoldingsAndNeverChanged() {
        List<Scenario> scenarios = FruitTrading.domain().scenarios(4, 7);
        MoveContext first = new MoveContext(scenarios.get(0), 0, List.of());
        ObjectNode memo = RULES.schema(FruitTrading.PROPOSE, first);
        ObjectNode before = memo.deepCopy();
        assertThat(RULES.schema(FruitTrading.COUNTER, first)).isSameAs(memo);
        assertThat(new FruitRules().schema(FruitTrading.PROPOSE, first)).isEqualTo(memo).isNotSameAs(memo);
        VERIFIER.checkSaid(FruitTrading.PROPOSE, offer(new int[] {1, 0, 0, 0}, new int[] {0, 1, 0, 0}), first);
        assertThat(memo).isEqualTo(before);
        boolean otherHoldings = false;
        for (Scenario sc : scenarios) {
            for (int p = 0; p < 2; p++) {
                MoveContext at = new MoveContext(sc, p, List.of());
                if (!java.util.Arrays.equals(Fruits.have(at.me()), Fruits.have(first.me()))) {
                    assertThat(RULES.schema(FruitTrading.PROPOSE, at)).isNotEqualTo(memo);
                    otherHoldings = true;
                }
            }
        }
        assertThat(otherHoldings).as("the scenarios deal other holdings").isTrue();

        // accept and reject: by the offer on the table, whoever made it and whatever words it came in
        Scenario sc = scenarios.get(0);
        Message apple = new Message(1, FruitTrading.PROPOSE, offer(new int[] {0, 1, 0, 0}, new int[] {1, 0, 0, 0}),
                "One banana for one apple?");
        Message same = new Message(1, FruitTrading.COUNTER, apple.content(), "Then one banana, one apple.");
        Message kiwi = new Message(1, FruitTrading.PROPOSE, offer(new int[] {0, 1, 0, 0}, new int[] {0, 0, 1, 0}),
                "One banana for one kiwi?");
        ObjectNode accept = RULES.schema(FruitTrading.ACCEPT, new MoveContext(sc, 0, List.of(apple)));
        assertThat(RULES.schema(FruitTrading.ACCEPT, new MoveContext(sc, 0, List.of(same)))).isSameAs(accept);
        assertThat(new FruitRules().schema(FruitTrading.ACCEPT, new MoveContext(sc, 0, List.of(apple))))
                .isEqualTo(accept).isNotSameAs(accept);
        assertThat(RULES.schema(FruitTrading.ACCEPT, new MoveContext(sc, 0, List.of(kiwi)))).isNotEqualTo(accept);
        assertThat(RULES.schema(FruitTrading.REJECT, new MoveContext(sc, 0, List.of(apple)))).isNotEqualTo(accept);
        assertThat(RULES.schema(FruitTrading.ACCEPT, new MoveContext(sc, 0, List.of()))).isNotEqualTo(accept);
    }

    @Test
    void acceptAndRejectNameTheOfferOnTheTableAsAConstant() {
        Scenario sc = FruitTrading.domain().scenarios(2, 3).get(0);
        int[] give = {0, 1, 0, 0};
        int[] get = {1, 0, 0, 0};
        Message table = new Message(1, FruitTrading.PROPOSE, offer(give, get), "One banana for one apple?");
        MoveContext at = new MoveContext(sc, 0, List.of(table));
        ObjectNode schema = RULES.schema(FruitTrading.ACCEPT, at);
        assertThat(schema.path("properties").path(FruitTrading.TERMS).has("const")).isTrue();
        assertThat(VERIFIER.checkSchema(schema, Map.of(FruitTrading.TERMS, Fruits.offer(give, get)))).isEmpty();
        assertThat(VERIFIER.checkSchema(schema, Map.of(FruitTrading.TERMS, Fruits.offer(get, give)))).isPresent();
        // with nothing on the table there is nothing to name: any offer's form, refused by the check
        ObjectNode open = RULES.schema(FruitTrading.ACCEPT, new MoveContext(sc, 0, List.of()));
        assertThat(open.path("properties").path(FruitTrading.TERMS).has("const")).isFalse();
    }
}
