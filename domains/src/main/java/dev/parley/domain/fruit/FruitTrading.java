package dev.parley.domain.fruit;

import dev.parley.dgdl.Protocol;
import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.support.ProtocolResources;
import dev.parley.domain.support.Temperaments;
import java.util.List;

/**
 * Fruit trading (Gemp et al. 2024; OpenSpiel's chat games): two traders with private baskets and valuations
 * negotiate a swap over the {@code fruit-trading.dgdl} protocol (propose, counter, accept, reject). Instructions are
 * the tones calm, assertive, submissive and the baseline {@code any}; the payoff is the value received minus the
 * value given in the accepted trade, within [-20, 20], 0 without agreement.
 */
public final class FruitTrading implements Domain {

    public static final String NAME = "fruit-trading";
    public static final String PROTOCOL_FILE = "fruit-trading.dgdl";

    public static final String PROPOSE = "propose";
    public static final String COUNTER = "counter";
    public static final String ACCEPT = "accept";
    public static final String REJECT = "reject";

    /** Content keys: what the offering trader gives and gets (text form of {@link Fruits}), and a plan summary. */
    public static final String GIVE = "give";
    public static final String GET = "get";
    public static final String SUMMARY = "summary";

    private static final Protocol PROTOCOL = ProtocolResources.load(PROTOCOL_FILE);

    private final FruitPlanner planner = new FruitPlanner();
    private final FruitScorer scorer = new FruitScorer();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Protocol protocol() {
        return PROTOCOL;
    }

    @Override
    public List<String> protocolPlayers() {
        return List.of("Alice", "Bob");
    }

    @Override
    public List<Instruction> instructions() {
        return Temperaments.paperTones();
    }

    @Override
    public List<Instruction> instructionLexicon() {
        return Temperaments.lexiconInstructions();
    }

    @Override
    public List<Scenario> scenarios(int count, long seed) {
        return FruitScenarios.scenarios(count, seed);
    }

    @Override
    public double minPayoff() {
        return FruitScorer.MIN;
    }

    @Override
    public double maxPayoff() {
        return FruitScorer.MAX;
    }

    @Override
    public ContentPlanner planner() {
        return planner;
    }

    @Override
    public OutcomeScorer scorer() {
        return scorer;
    }

    @Override
    public DomainPrompts prompts() {
        return PROMPTS;
    }

    /**
     * LLM prompts in the spirit of OpenSpiel's chat games. {@code {player}} stands for the name of the trader being
     * scored; the reward query is asked after the dialogue with each trader's private information prepended, the
     * extraction query on the model's answer to the reward query.
     */
    static final DomainPrompts PROMPTS = new DomainPrompts(
            """
            You are a fruit trader in a negotiation with one other trader. The fruits are apple, banana, blueberry \
            and kiwi. Each of you privately knows your own basket and how much you value each fruit; you do not \
            know the other trader's basket or values. Trade only fruit you actually have. Make one move at a time: \
            propose or counter a trade (say exactly which fruit and how many you give and want), accept the offer \
            on the table, or reject it. A trade happens only when one trader accepts the other's offer. Keep each \
            message short and to the point.""",
            """
            Read the negotiation above. Was a trade agreed, i.e. did one trader explicitly accept the other's most \
            recent offer? If so, list exactly which fruit {player} gave and received in that trade, and compute \
            the value {player} received minus the value {player} gave, using {player}'s values per fruit. If no \
            trade was agreed, or the agreed trade includes fruit the giver does not have, the answer is 0. Show \
            your calculation, then state the final number.""",
            """
            From the text below, extract the final change in value of {player}'s basket as a single number between \
            -20 and 20 (use 0 if no trade was agreed). Answer with the number only.""");
}
