package dev.parley.domain.fruit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.ContentRules;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.MoveContext;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * Fruit trading's typed content and what a trader may say. An offer is {@code {"give": {fruit: count}, "get":
 * {fruit: count}}} from its maker's side (singular lower-case fruit names, counts 1..{@value #MAX_COUNT}); accept
 * names the offer on the table ({@code terms}); reject names it too, with a reason. Feasible: an offer gives
 * something and asks for something, never the same fruit both ways, and gives only fruit the speaker holds; accept
 * and reject name exactly the offer on the table. (An accept whose other side the acceptor cannot deliver is
 * allowed: the scorer voids such a trade, as a judge would.)
 */
public final class FruitRules implements ContentRules {

    static final int MAX_COUNT = 10;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    public ObjectNode schema(String moveId, MoveContext context) {
        ObjectNode root = NODES.objectNode().put("type", "object");
        ObjectNode props = root.putObject("properties");
        switch (moveId) {
            case FruitTrading.PROPOSE, FruitTrading.COUNTER -> {
                props.set(FruitTrading.OFFER, offerSchema());
                root.putArray("required").add(FruitTrading.OFFER);
            }
            case FruitTrading.ACCEPT -> {
                props.set(FruitTrading.TERMS, offerSchema());
                root.putArray("required").add(FruitTrading.TERMS);
            }
            case FruitTrading.REJECT -> {
                props.set(FruitTrading.TERMS, offerSchema());
                props.putObject(FruitTrading.REASON).put("type", "string").putArray("enum")
                        .add(FruitTrading.TOO_LITTLE).add(FruitTrading.CANNOT_GIVE);
                root.putArray("required").add(FruitTrading.TERMS).add(FruitTrading.REASON);
            }
            default -> root.putArray("required");
        }
        root.put("additionalProperties", false);
        return root;
    }

    static ObjectNode offerSchema() {
        ObjectNode offer = NODES.objectNode().put("type", "object");
        ObjectNode sides = offer.putObject("properties");
        sides.set(FruitTrading.GIVE, basketSchema("what the offering trader gives"));
        sides.set(FruitTrading.GET, basketSchema("what the offering trader receives"));
        offer.putArray("required").add(FruitTrading.GIVE).add(FruitTrading.GET);
        offer.put("additionalProperties", false);
        return offer;
    }

    private static ObjectNode basketSchema(String description) {
        ObjectNode basket = NODES.objectNode().put("type", "object").put("description", description);
        ObjectNode fruits = basket.putObject("properties");
        for (String f : Fruits.NAMES) {
            fruits.putObject(f).put("type", "integer").put("minimum", 1).put("maximum", MAX_COUNT);
        }
        basket.put("additionalProperties", false);
        return basket;
    }

    @Override
    public Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context) {
        switch (moveId) {
            case FruitTrading.PROPOSE, FruitTrading.COUNTER -> {
                Object offer = content.get(FruitTrading.OFFER);
                int[] give = Fruits.gives(offer);
                int[] get = Fruits.gets(offer);
                if (Fruits.pieces(give) == 0 || Fruits.pieces(get) == 0) {
                    return Optional.of("an offer must give something and ask for something");
                }
                int[] have = Fruits.have(context.me());
                for (int f = 0; f < give.length; f++) {
                    if (give[f] > 0 && get[f] > 0) {
                        return Optional.of("the offer both gives and asks for " + Fruits.NAMES.get(f));
                    }
                    if (give[f] > have[f]) {
                        return Optional.of("you cannot give " + Fruits.words(single(f, give[f])) + ": you hold "
                                + Fruits.words(single(f, have[f])));
                    }
                }
                return Optional.empty();
            }
            case FruitTrading.ACCEPT, FruitTrading.REJECT -> {
                if (FruitPlanner.offerOnTable(context.speaker(), context.transcript()) == null) {
                    return Optional.of("there is no offer of the other trader on the table to " + moveId);
                }
                Map<String, Object> table = FruitPlanner.tableOffer(context);
                Object terms = content.get(FruitTrading.TERMS);
                if (!Arrays.equals(Fruits.gives(terms), Fruits.gives(table))
                        || !Arrays.equals(Fruits.gets(terms), Fruits.gets(table))) {
                    return Optional.of("the terms " + Contents.canonical(terms) + " are not the offer on the table "
                            + Contents.canonical(table) + " (give and get as the other trader offered them)");
                }
                return Optional.empty();
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    private static int[] single(int fruit, int count) {
        int[] b = new int[Fruits.COUNT];
        b[fruit] = count;
        return b;
    }
}
