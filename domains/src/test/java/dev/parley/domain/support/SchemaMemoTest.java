package dev.parley.domain.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.DialogueDomains;
import dev.parley.dialogue.Domain;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SchemaMemoTest {

    @Test
    void eachKeyIsBuiltOnceAndTheMemoStartsAgainWhenFull() {
        SchemaMemo memo = new SchemaMemo();
        AtomicInteger built = new AtomicInteger();
        ObjectNode a = memo.get("a", () -> {
            built.incrementAndGet();
            return JsonNodeFactory.instance.objectNode().put("type", "object");
        });
        assertThat(memo.get("a", () -> {
            built.incrementAndGet();
            return JsonNodeFactory.instance.objectNode();
        })).isSameAs(a);
        assertThat(built).hasValue(1);
        for (int i = 0; i < SchemaMemo.LIMIT; i++) {
            memo.get("k" + i, () -> JsonNodeFactory.instance.objectNode());
        }
        assertThat(memo.get("a", () -> JsonNodeFactory.instance.objectNode().put("again", true)))
                .as("built again once the memo started again").isNotSameAs(a);
    }

    /**
     * Every domain's memoised schema equals the one a fresh rules object builds, for every move and both players of
     * a few scenarios at the start of a dialogue: the memo's key leaves out nothing the schema depends on there.
     */
    @Test
    void everyDomainsMemoisedSchemaIsWhatAFreshRulesObjectBuilds() throws Exception {
        for (Domain d : DialogueDomains.all()) {
            List<String> moves = d.protocol().interactions().stream().map(i -> i.id()).toList();
            for (Scenario sc : d.scenarios(4, 11)) {
                for (int p = 0; p < 2; p++) {
                    MoveContext at = new MoveContext(sc, p, List.of());
                    for (String move : moves) {
                        ObjectNode first = d.content().rules().schema(move, at);
                        assertThat(d.content().rules().schema(move, at)).isSameAs(first);
                        dev.parley.dialogue.ContentRules fresh = d.content().rules().getClass()
                                .getDeclaredConstructor().newInstance();
                        assertThat(fresh.schema(move, at)).as(d.name() + " " + move).isEqualTo(first);
                    }
                }
            }
        }
    }
}
