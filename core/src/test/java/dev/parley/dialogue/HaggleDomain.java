package dev.parley.dialogue;

import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A toy domain for the dialogue-game tests (published in the core test-jar for the experiment tests). A seller names a price for a lamp (a "firm" seller asks 8, a "soft" one
 * 6, the baseline 7); the buyer accepts, rejects or haggles once (asking for one less); after a haggle the seller
 * accepts or rejects. Payoffs: seller price - cost, buyer worth - price; 0 each without a deal.
 * The private information is the seller's cost and the buyer's worth.
 */
public final class HaggleDomain implements Domain {

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

    private final Protocol protocol = ProtocolParser.load(DGDL, "haggle.dgdl");
    private final List<Scenario> scenarios;

    public HaggleDomain(List<Scenario> scenarios) {
        this.scenarios = List.copyOf(scenarios);
    }

    public static Scenario scenario(String id, double cost, double worth) {
        return new Scenario(id, "Selling a lamp", List.of(
                new PrivateInfo("seller", "", List.of("The lamp cost you " + (int) cost + "."), Map.of("cost", cost)),
                new PrivateInfo("buyer", "", List.of("The lamp is worth " + (int) worth + " to you."),
                        Map.of("worth", worth))));
    }

    @Override
    public String name() {
        return "haggle";
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    @Override
    public List<String> protocolPlayers() {
        return List.of("Seller", "Buyer");
    }

    @Override
    public List<Instruction> instructions() {
        return List.of(new Instruction("firm", "Be firm."), new Instruction("soft", "Be accommodating."),
                Instruction.ANY);
    }

    @Override
    public List<Instruction> instructionLexicon() {
        return instructions();
    }

    @Override
    public List<Scenario> scenarios(int count, long seed) {
        return new ArrayList<>(scenarios.subList(0, Math.min(count, scenarios.size())));
    }

    @Override
    public double minPayoff() {
        return -10;
    }

    @Override
    public double maxPayoff() {
        return 10;
    }

    /** The price on the table: the last ask or haggle. */
    static double lastPrice(List<Message> transcript) {
        for (int i = transcript.size() - 1; i >= 0; i--) {
            String price = transcript.get(i).content().get("price");
            if (price != null) {
                return Double.parseDouble(price);
            }
        }
        return Double.NaN;
    }

    @Override
    public ContentPlanner planner() {
        return new ContentPlanner() {
            @Override
            public Map<String, String> plan(Scenario scenario, int speaker, List<Message> transcript, String moveId,
                                            Instruction instruction) {
                return switch (moveId) {
                    case "ask" -> Map.of("price", instruction.name().equals("firm") ? "8"
                            : instruction.name().equals("soft") ? "6" : "7", "summary", "Name the price.");
                    case "haggle" -> Map.of("price", Integer.toString((int) lastPrice(transcript) - 1));
                    default -> Map.of();
                };
            }

            /** The buyer accepts a price at least 2 below its worth, else haggles once; the seller needs 2 over cost. */
            @Override
            public java.util.Optional<String> chooseMove(Scenario scenario, int speaker, List<Message> transcript,
                                                         List<String> legal, Instruction instruction) {
                if (transcript.isEmpty()) {
                    return java.util.Optional.empty();
                }
                double price = lastPrice(transcript);
                boolean good = speaker == 1 ? price <= scenario.player(1).number("worth", 0) - 2
                        : price >= scenario.player(0).number("cost", 0) + 2;
                return java.util.Optional.of(good ? "accept" : legal.contains("haggle") ? "haggle" : "reject");
            }
        };
    }

    @Override
    public OutcomeScorer scorer() {
        return (scenario, transcript) -> {
            Message last = transcript.get(transcript.size() - 1);
            if (!last.moveId().equals("accept")) {
                return new double[2];
            }
            double price = lastPrice(transcript);
            return new double[] {price - scenario.player(0).number("cost", 0),
                    scenario.player(1).number("worth", 0) - price};
        };
    }

    @Override
    public DomainPrompts prompts() {
        return new DomainPrompts("A seller and a buyer haggle over a lamp.", "How much did {player} gain?",
                "Answer with a number.");
    }
}
