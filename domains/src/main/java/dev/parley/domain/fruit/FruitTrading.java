package dev.parley.domain.fruit;

import dev.parley.dialogue.ContentModel;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.PayoffRange;
import dev.parley.dialogue.ScenarioSource;
import dev.parley.domain.support.ProtocolResources;
import dev.parley.domain.support.Temperaments;
import java.util.List;

/**
 * Fruit trading (Gemp et al. 2024; OpenSpiel's chat games): two traders with private baskets and valuations
 * negotiate a swap over the {@code fruit-trading.dgdl} protocol (propose, counter, accept, reject). Instructions are
 * the tones calm, assertive, submissive and the baseline {@code any}; the payoff is the value received minus the
 * value given in the accepted trade, within [-20, 20], 0 without agreement.
 */
public final class FruitTrading {

    public static final String NAME = "fruit-trading";
    public static final String PROTOCOL_FILE = "fruit-trading.dgdl";

    public static final String PROPOSE = "propose";
    public static final String COUNTER = "counter";
    public static final String ACCEPT = "accept";
    public static final String REJECT = "reject";

    /** Content variables: the offer (propose, counter), the accepted or rejected terms, the reason of a reject. */
    public static final String OFFER = "offer";
    public static final String TERMS = "terms";
    public static final String REASON = "reason";
    /** The two sides of an offer, from its maker's side. */
    public static final String GIVE = "give";
    public static final String GET = "get";
    /** Reasons to reject: the offer is worth too little to me; I do not hold what it asks for. */
    public static final String TOO_LITTLE = "too-little";
    public static final String CANNOT_GIVE = "cannot-give";

    private static final Domain DOMAIN = new Domain(NAME, ProtocolResources.load(PROTOCOL_FILE),
            List.of("Alice", "Bob"), Temperaments.paperTones(), Temperaments.lexiconInstructions(),
            ScenarioSource.seeded(FruitScenarios.defaultScenario(), FruitScenarios::draw),
            new PayoffRange(FruitScorer.MIN, FruitScorer.MAX),
            new ContentModel(new FruitPlanner(), new FruitRules(), new FruitWords()), new FruitScorer(),
            prompts());

    private FruitTrading() {
    }

    /** The fruit-trading domain. */
    public static Domain domain() {
        return DOMAIN;
    }

    /**
     * LLM prompts in the spirit of OpenSpiel's chat games. {@code {player}} stands for the name of the trader being
     * scored; the judge is shown every trader's private information and the words.
     */
    static Domain.DomainPrompts prompts() {
        return new Domain.DomainPrompts(
                """
                You are a fruit trader in a negotiation with one other trader. The fruits are apple, banana, \
                blueberry and kiwi. Each of you privately knows your own basket and how much you value each fruit; \
                you do not know the other trader's basket or values. Trade only fruit you actually have. Make one \
                move at a time: propose or counter a trade (say exactly which fruit and how many you give and \
                want), accept the offer on the table, or reject it. A trade happens only when one trader accepts \
                the other's offer. Keep each message short and to the point, and say in it every fruit and count of \
                your move's offer, and no other fruit.""",
                """
                Read the negotiation above. Was a trade agreed, i.e. did one trader explicitly accept the other's \
                most recent offer? If so, list exactly which fruit {player} gave and received in that trade, and \
                compute the value {player} received minus the value {player} gave, using {player}'s values per \
                fruit. If no trade was agreed, or the agreed trade includes fruit the giver does not have, the \
                answer is 0. Show your calculation, then state the final number.""",
                """
                From the text below, extract the final change in value of {player}'s basket as a single number \
                between -20 and 20 (use 0 if no trade was agreed). Answer with the number only.""");
    }
}
