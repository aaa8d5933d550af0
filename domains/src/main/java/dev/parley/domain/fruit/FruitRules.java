package dev.parley.domain.fruit;

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
    /** Each schema by what alone it depends on: propose and counter by the holdings, the rest by the table. */
    private final SchemaMemo memo = new SchemaMemo();

    /**
     * The schema narrows each field to what the speaker may feasibly say, from what it knows: an offer gives only
     * fruit the speaker holds, at most as many as it holds; accept and reject name the offer on the table (public),
     * as a constant. A language model decoding under the schema's grammar then cannot offer fruit it lacks, which a
     * small model otherwise does (the paper's App. C.2 failure); the feasibility check below still applies.
     */
    @Override
    public ObjectNode schema(String moveId, MoveContext context) {
        String key;
        switch (moveId) {
            case FruitTrading.PROPOSE, FruitTrading.COUNTER ->
                    key = "offer " + Arrays.toString(Fruits.have(context.me()));
            case FruitTrading.ACCEPT, FruitTrading.REJECT -> {
                Message table = FruitPlanner.offerOnTable(context.speaker(), context.transcript());
                key = moveId + (table == null ? " nothing on the table" : " " + Arrays.toString(Fruits.gives(
                        table.get(FruitTrading.OFFER))) + Arrays.toString(Fruits.gets(table.get(FruitTrading.OFFER))));
            }
            default -> {
                return build(moveId, context);
            }
        }
        return memo.get(key, () -> build(moveId, context));
    }

    private static ObjectNode build(String moveId, MoveContext context) {
        ObjectSchema schema = ObjectSchema.object();
        switch (moveId) {
            case FruitTrading.PROPOSE, FruitTrading.COUNTER ->
                    schema.require(FruitTrading.OFFER, offerSchema(Fruits.have(context.me())));
            case FruitTrading.ACCEPT -> schema.require(FruitTrading.TERMS, termsSchema(context));
            case FruitTrading.REJECT -> {
                ObjectNode reason = NODES.objectNode().put("type", "string");
                reason.putArray("enum").add(FruitTrading.TOO_LITTLE).add(FruitTrading.CANNOT_GIVE);
                schema.require(FruitTrading.TERMS, termsSchema(context)).require(FruitTrading.REASON, reason);
            }
            default -> { }
        }
        return schema.closed();
    }

    /**
     * An offer whose give side holds at most {@code have} of each fruit (no fruit the speaker lacks), with the
     * feasible offers spelled out as {@code anyOf} alternatives, one per set of fruits given: those fruits given,
     * at least one other fruit asked for, none both ways. The plain properties say the same more loosely (what a
     * prompt shows); the alternatives are what a grammar decodes under and what validation also checks.
     */
    static ObjectNode offerSchema(int[] have) {
        ObjectNode offer = sides(basketSchema("what the offering trader gives", have, null).put("minProperties", 1),
                basketSchema("what the offering trader receives", full(), null).put("minProperties", 1));
        ArrayNode alternatives = NODES.arrayNode();
        for (int given = 1; given < (1 << Fruits.COUNT) - 1; given++) {
            int[] gives = new int[Fruits.COUNT];
            int[] asks = new int[Fruits.COUNT];
            boolean holds = true;
            for (int f = 0; f < Fruits.COUNT; f++) {
                if ((given & (1 << f)) != 0) {
                    gives[f] = Math.min(MAX_COUNT, have[f]);
                    holds &= have[f] >= 1;
                } else {
                    asks[f] = MAX_COUNT;
                }
            }
            if (!holds) {
                continue;
            }
            ObjectNode give = basketSchema("what the offering trader gives", gives, gives);
            // at least one fruit asked for: one alternative per first fruit asked, the later ones optional
            ArrayNode asked = NODES.arrayNode();
            for (int first = 0; first < Fruits.COUNT; first++) {
                if (asks[first] == 0) {
                    continue;
                }
                int[] from = new int[Fruits.COUNT];
                for (int f = first; f < Fruits.COUNT; f++) {
                    from[f] = asks[f];
                }
                int[] req = new int[Fruits.COUNT];
                req[first] = 1;
                asked.add(basketSchema("what the offering trader receives", from, req));
            }
            ObjectNode get = NODES.objectNode();
            get.set("anyOf", asked);
            alternatives.add(sides(give, get));
        }
        if (!alternatives.isEmpty()) {
            offer.set("anyOf", alternatives);
        }
        return offer;
    }

    private static ObjectNode sides(ObjectNode give, ObjectNode get) {
        return ObjectSchema.object().require(FruitTrading.GIVE, give).require(FruitTrading.GET, get).closed();
    }

    private static int[] full() {
        int[] any = new int[Fruits.COUNT];
        Arrays.fill(any, MAX_COUNT);
        return any;
    }

    /** The terms of an accept or reject: the offer on the table, when there is one (else any offer, refused later). */
    private static ObjectNode termsSchema(MoveContext context) {
        ObjectNode terms = sides(basketSchema("what the offering trader gives", full(), null),
                basketSchema("what the offering trader receives", full(), null));
        if (FruitPlanner.offerOnTable(context.speaker(), context.transcript()) != null) {
            terms.set("const", Contents.toJson(FruitPlanner.tableOffer(context)));
        }
        return terms;
    }

    /** Counts 1..{@code atMost} of each fruit with a positive bound; {@code required} (or null) marks the musts. */
    private static ObjectNode basketSchema(String description, int[] atMost, int[] required) {
        ObjectNode basket = NODES.objectNode().put("type", "object").put("description", description);
        ObjectNode fruits = basket.putObject("properties");
        ArrayNode must = NODES.arrayNode();
        for (int f = 0; f < Fruits.COUNT; f++) {
            int max = Math.min(MAX_COUNT, atMost[f]);
            if (max >= 1) {
                fruits.putObject(Fruits.NAMES.get(f)).put("type", "integer").put("minimum", 1).put("maximum", max);
                if (required != null && required[f] > 0) {
                    must.add(Fruits.NAMES.get(f));
                }
            }
        }
        if (!must.isEmpty()) {
            basket.set("required", must);
        }
        basket.put("additionalProperties", false);
        return basket;
    }

    @Override
    public Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context) {
        switch (moveId) {
            case FruitTrading.PROPOSE, FruitTrading.COUNTER -> {
                Object offer = readable(content.get(FruitTrading.OFFER));
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
                Object terms = readable(content.get(FruitTrading.TERMS));
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

    /** An offer the rules can read: an object of give and get baskets (free text is refused by the schema). */
    private static Object readable(Object offer) {
        if (!(offer instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("an offer is an object of give and get baskets, not " + offer);
        }
        return offer;
    }

    private static int[] single(int fruit, int count) {
        int[] b = new int[Fruits.COUNT];
        b[fruit] = count;
        return b;
    }
}
