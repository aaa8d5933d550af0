package dev.parley.dialogue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A toy domain for the dialogue-game tests (published in the core test-jar for the experiment tests). A seller names
 * a price for a lamp (a "firm" seller asks 8, a "soft" one 6, the baseline 7); the buyer accepts, rejects or haggles
 * once (asking for one less); after a haggle the seller accepts or rejects. Payoffs: seller price - cost, buyer
 * worth - price; 0 each without a deal. The private information is the seller's cost and the buyer's worth. Content
 * is typed: a price is a whole number; accept names the price on the table; reject gives a reason.
 */
public final class HaggleDomain {

    static final String DGDL = """
            game(id:Haggle){
                roles(Trader)
                participants(min:2, max:2)
                player(id:Seller, roles:{Trader}, min:1, max:1)
                player(id:Buyer, roles:{Trader}, min:1, max:1)
                turntaking(strict)
                backtracking(off)
                rule(id:Opening, scope:initial){
                    assign(Seller, speaker);
                    move(add, next, ask, $Buyer, Seller);
                }
                interaction(id:ask, content:{price}, opener:"The price is $price"){
                    assign(Target, speaker);
                    move(add, next, accept, $Speaker, Target);
                    move(add, next, reject, $Speaker, Target);
                    move(add, next, haggle, $Speaker, Target);
                }
                interaction(id:haggle, content:{price}, opener:"Would you take $price"){
                    assign(Target, speaker);
                    move(add, next, accept, $Speaker, Target);
                    move(add, next, reject, $Speaker, Target);
                }
                interaction(id:accept, content:{terms}, opener:"Deal: $terms"){
                    status(terminate, Haggle);
                }
                interaction(id:reject, content:{reason}, opener:"No: $reason"){
                    status(terminate, Haggle);
                }
            }
            """;

    private static final Protocol PROTOCOL = ProtocolParser.load(DGDL, "haggle.dgdl");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    public static final Instruction FIRM = new Instruction("firm", "Be firm.");
    public static final Instruction SOFT = new Instruction("soft", "Be accommodating.");

    private HaggleDomain() {
    }

    public static Domain domain(List<Scenario> scenarios) {
        List<Scenario> list = List.copyOf(scenarios);
        return new Domain("haggle", PROTOCOL, List.of("Seller", "Buyer"), List.of(FIRM, SOFT, Instruction.ANY),
                List.of(FIRM, SOFT, Instruction.ANY),
                (count, seed) -> new ArrayList<>(list.subList(0, Math.min(count, list.size()))),
                new PayoffRange(-10, 10), new ContentModel(new Planner(), new Rules(), new Words()),
                HaggleDomain::score, new Domain.DomainPrompts("A seller and a buyer haggle over a lamp.",
                "How much did {player} gain?", "Answer with a number."));
    }

    public static Scenario scenario(String id, double cost, double worth) {
        return new Scenario(id, "Selling a lamp", List.of(
                new PrivateInfo("seller", "", List.of("The lamp cost you " + (int) cost + "."), Map.of("cost", cost)),
                new PrivateInfo("buyer", "", List.of("The lamp is worth " + (int) worth + " to you."),
                        Map.of("worth", worth))));
    }

    /** The price on the table: the last ask or haggle. */
    static int lastPrice(List<Message> transcript) {
        for (int i = transcript.size() - 1; i >= 0; i--) {
            if (transcript.get(i).get("price") instanceof Integer price) {
                return price;
            }
        }
        return -1;
    }

    static double[] score(Scenario scenario, List<Message> transcript) {
        Message last = transcript.get(transcript.size() - 1);
        if (!last.moveId().equals("accept")) {
            return new double[2];
        }
        double price = lastPrice(transcript);
        return new double[] {price - scenario.player(0).number("cost", 0),
                scenario.player(1).number("worth", 0) - price};
    }

    static final class Planner implements ContentPlanner {
        @Override
        public Map<String, Object> plan(MoveContext context, String moveId, Instruction instruction) {
            return switch (moveId) {
                case "ask" -> Map.of("price", instruction.name().equals("firm") ? 8
                        : instruction.name().equals("soft") ? 6 : 7);
                case "haggle" -> Map.of("price", lastPrice(context.transcript()) - 1);
                case "accept" -> Map.of("terms", lastPrice(context.transcript()));
                default -> Map.of("reason", "too dear");
            };
        }

        /** The buyer accepts a price at least 2 below its worth, else haggles once; the seller needs 2 over cost. */
        @Override
        public Optional<String> chooseMove(MoveContext context, List<String> legal, Instruction instruction) {
            if (context.transcript().isEmpty()) {
                return Optional.empty();
            }
            double price = lastPrice(context.transcript());
            boolean good = context.speaker() == 1 ? price <= context.me().number("worth", 0) - 2
                    : price >= context.me().number("cost", 0) + 2;
            return Optional.of(good ? "accept" : legal.contains("haggle") ? "haggle" : "reject");
        }
    }

    static final class Rules implements ContentRules {
        @Override
        public ObjectNode schema(String moveId, MoveContext context) {
            ObjectNode root = NODES.objectNode().put("type", "object");
            String variable = switch (moveId) {
                case "ask", "haggle" -> "price";
                case "accept" -> "terms";
                default -> "reason";
            };
            ObjectNode v = root.putObject("properties").putObject(variable);
            if (variable.equals("reason")) {
                v.put("type", "string");
            } else {
                v.put("type", "integer").put("minimum", 1).put("maximum", 20);
            }
            root.putArray("required").add(variable);
            root.put("additionalProperties", false);
            return root;
        }

        @Override
        public Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context) {
            if (moveId.equals("accept") && !content.get("terms").equals(lastPrice(context.transcript()))) {
                return Optional.of("the price on the table is " + lastPrice(context.transcript()));
            }
            return Optional.empty();
        }
    }

    static final class Words implements SurfaceRealiser {
        @Override
        public String realise(String moveId, Map<String, Object> content, Instruction instruction, long seed) {
            Object price = content.containsKey("price") ? content.get("price") : content.get("terms");
            String base = switch (moveId) {
                case "ask" -> "The price is " + price + ".";
                case "haggle" -> "Would you take " + price + "?";
                case "accept" -> "Deal at " + price + ".";
                default -> "No, thank you.";
            };
            String tone = switch (instruction.name()) {
                case "firm" -> " That is final.";
                case "soft" -> " I hope that suits you.";
                default -> "";
            };
            return base + tone + (seed % 2 == 1 ? " Truly." : "");
        }

        @Override
        public Optional<String> mismatch(String moveId, Map<String, Object> content, String words) {
            Object price = content.containsKey("price") ? content.get("price") : content.get("terms");
            return price != null && !words.contains(String.valueOf(price))
                    ? Optional.of("the words do not name the price " + price) : Optional.empty();
        }
    }
}
