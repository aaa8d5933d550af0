package dev.parley.domain.dealornodeal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.ContentRules;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.support.ObjectSchema;
import dev.parley.domain.support.SchemaMemo;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Deal or No Deal's content: an offer {@code {"mine": {item: n}, "yours": {item: n}}} from the proposer's side;
 * feasible when it allocates exactly the pool (no more items than exist, none left over), as OpenSpiel's offers do.
 * An accept names exactly the offer on the table.
 */
public final class DealRules implements ContentRules {

    /** Each schema built once per move and item pool, which alone it depends on ({@link SchemaMemo}). */
    private final SchemaMemo memo = new SchemaMemo();

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    public ObjectNode schema(String moveId, MoveContext context) {
        String key = moveId + ' ' + Arrays.toString(DealOrNoDeal.pool(context.me()));
        return memo.get(key, () -> build(moveId, context));
    }

    private static ObjectNode build(String moveId, MoveContext context) {
        ObjectSchema schema = ObjectSchema.object();
        if (moveId.equals(DealOrNoDeal.PROPOSE) || moveId.equals(DealOrNoDeal.ACCEPT)) {
            String var = moveId.equals(DealOrNoDeal.PROPOSE) ? DealOrNoDeal.OFFER : DealOrNoDeal.TERMS;
            int[] pool = DealOrNoDeal.pool(context.me());
            ObjectSchema offer = ObjectSchema.object();
            for (String side : List.of(DealOrNoDeal.MINE, DealOrNoDeal.YOURS)) {
                ObjectSchema s = ObjectSchema.object();
                for (int i = 0; i < Boards.ITEMS; i++) {
                    s.require(DealOrNoDeal.ITEMS.get(i), NODES.objectNode().put("type", "integer").put("minimum", 0)
                            .put("maximum", pool[i]));
                }
                offer.require(side, s.closed());
            }
            schema.require(var, offer.closed());
        }
        return schema.closed();
    }

    @Override
    public Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context) {
        int[] pool = DealOrNoDeal.pool(context.me());
        if (moveId.equals(DealOrNoDeal.PROPOSE)) {
            Object o = content.get(DealOrNoDeal.OFFER);
            int[] mine = DealOrNoDeal.mine(o);
            int[] yours = DealOrNoDeal.yours(o);
            for (int i = 0; i < Boards.ITEMS; i++) {
                if (mine[i] < 0 || yours[i] < 0 || mine[i] + yours[i] != pool[i]) {
                    return Optional.of("the offer splits " + (mine[i] + yours[i]) + " "
                            + DealOrNoDeal.PLURALS.get(i) + ", but the pool has " + pool[i]);
                }
            }
            return Optional.empty();
        }
        if (moveId.equals(DealOrNoDeal.ACCEPT)) {
            Message table = offerOnTable(context.speaker(), context.transcript());
            if (table == null) {
                return Optional.of("there is no offer of the other player on the table to accept");
            }
            Object terms = content.get(DealOrNoDeal.TERMS);
            Object offer = table.get(DealOrNoDeal.OFFER);
            if (!Arrays.equals(DealOrNoDeal.mine(terms), DealOrNoDeal.mine(offer))
                    || !Arrays.equals(DealOrNoDeal.yours(terms), DealOrNoDeal.yours(offer))) {
                return Optional.of("the terms " + Contents.canonical(terms) + " are not the offer on the table "
                        + Contents.canonical(offer));
            }
        }
        return Optional.empty();
    }

    static Message offerOnTable(int speaker, List<Message> transcript) {
        return Message.answered(speaker, transcript, DealOrNoDeal.PROPOSE::equals);
    }
}
