package dev.parley.domain.campsite;

import com.fasterxml.jackson.databind.node.ArrayNode;
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
 * The campsite's typed content and what a camper may say. A deal is {@code {"mine": {item: n}, "yours": {item: n}}}
 * from its submitter's side, every item named on both sides with a count 0 to 3, the two counts of an item summing to
 * 3 (every package goes to someone); accept and reject name exactly the deal on the table ({@code terms}). A free
 * utterance names the item it is about ({@code none} for small talk and questions), the priority it claims for it
 * and the reason it gives ({@code none} when it gives none); a claimed priority needs an item.
 */
public final class CampsiteRules implements ContentRules {

    /** Each schema built once per move: it depends on nothing else ({@link SchemaMemo}). */
    private final SchemaMemo memo = new SchemaMemo();

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    public ObjectNode schema(String moveId, MoveContext context) {
        return memo.get(moveId, () -> build(moveId, context));
    }

    private static ObjectNode build(String moveId, MoveContext context) {
        ObjectSchema schema = ObjectSchema.object();
        ObjectNode props = schema.properties();
        switch (moveId) {
            case Campsite.SAY -> {
                ArrayNode items = props.putObject(Campsite.ITEM).put("type", "string").putArray("enum");
                Items.NAMES.forEach(items::add);
                items.add(Campsite.NONE);
                ArrayNode levels = props.putObject(Campsite.PRIORITY).put("type", "string").putArray("enum");
                Items.PRIORITIES.forEach(levels::add);
                levels.add(Campsite.NONE);
                props.putObject(Campsite.REASON).put("type", "string").put("minLength", 1).put("description",
                        "the reason the message gives, in the speaker's words, or none");
                schema.required().add(Campsite.ITEM).add(Campsite.PRIORITY).add(Campsite.REASON);
            }
            case Campsite.SUBMIT -> schema.require(Campsite.DEAL, dealSchema());
            case Campsite.ACCEPT, Campsite.REJECT -> schema.require(Campsite.TERMS, dealSchema());
            default -> { }
        }
        return schema.closed();
    }

    static ObjectNode dealSchema() {
        return ObjectSchema.object()
                .require(Campsite.MINE, shareSchema("the packages the submitting camper gets"))
                .require(Campsite.YOURS, shareSchema("the packages the other camper gets"))
                .closed();
    }

    private static ObjectNode shareSchema(String description) {
        ObjectSchema share = ObjectSchema.described(description);
        for (String item : Items.NAMES) {
            share.require(item, NODES.objectNode().put("type", "integer").put("minimum", 0)
                    .put("maximum", Items.PACKAGES));
        }
        return share.closed();
    }

    @Override
    public Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context) {
        switch (moveId) {
            case Campsite.SAY -> {
                if (Campsite.NONE.equals(content.get(Campsite.ITEM))
                        && !Campsite.NONE.equals(content.get(Campsite.PRIORITY))) {
                    return Optional.of("a priority is claimed for no item");
                }
                return Optional.empty();
            }
            case Campsite.SUBMIT -> {
                Object deal = content.get(Campsite.DEAL);
                return Optional.ofNullable(Items.illegal(Items.mine(deal), Items.yours(deal)));
            }
            case Campsite.ACCEPT, Campsite.REJECT -> {
                Message table = dealOnTable(context.speaker(), context.transcript());
                if (table == null) {
                    return Optional.of("there is no deal of the other camper on the table to " + moveId);
                }
                Object terms = content.get(Campsite.TERMS);
                Object deal = table.get(Campsite.DEAL);
                if (!Arrays.equals(Items.mine(terms), Items.mine(deal))
                        || !Arrays.equals(Items.yours(terms), Items.yours(deal))) {
                    return Optional.of("the terms " + Contents.canonical(terms) + " are not the deal on the table "
                            + Contents.canonical(deal) + " (mine and yours as its submitter wrote them)");
                }
                return Optional.empty();
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /** The other camper's deal the speaker is answering (the last message, a submit by the other), or null. */
    static Message dealOnTable(int speaker, List<Message> transcript) {
        return Message.answered(speaker, transcript, Campsite.SUBMIT::equals);
    }
}
