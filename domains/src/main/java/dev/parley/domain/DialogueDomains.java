package dev.parley.domain;

import dev.parley.dialogue.Domain;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.dealornodeal.DealOrNoDeal;
import dev.parley.domain.debate.Debate;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.domain.scheduling.MeetingScheduling;
import dev.parley.registry.Registry;
import dev.parley.registry.UnknownNameException;
import java.util.List;
import java.util.Optional;

/** The built-in dialogue domains, by command-line name. */
public final class DialogueDomains {

    /**
     * Each domain under its own {@code name()}, built the first time it is asked for: a domain loads its protocol,
     * and a run asks for one domain, not five.
     */
    private static final Registry<Domain> REGISTRY = Registry.<Domain>builder("dialogue domain")
            .add(FruitTrading.NAME, FruitTrading::domain)
            .add(MeetingScheduling.NAME, MeetingScheduling::domain)
            .add(Debate.NAME, Debate::domain)
            .add(Campsite.NAME, Campsite::domain)
            .add(DealOrNoDeal.NAME, DealOrNoDeal::domain)
            // the names of their games in Games
            .alias("fruit_trading", FruitTrading.NAME)
            .alias("deal_or_no_deal", DealOrNoDeal.NAME)
            .build();

    private DialogueDomains() {
    }

    /** Every built-in dialogue domain, in a fixed order. */
    public static List<Domain> all() {
        return names().stream().map(DialogueDomains::require).toList();
    }

    /** {@code fruit-trading}, {@code scheduling}, {@code debate}, {@code campsite}, {@code deal-or-no-deal}. */
    public static List<String> names() {
        return REGISTRY.names();
    }

    /** The domain of that name, if there is one. */
    public static Optional<Domain> find(String name) {
        return REGISTRY.find(name);
    }

    /**
     * The domain of that name.
     *
     * @throws UnknownNameException naming the domains if there is none
     */
    public static Domain require(String name) {
        return REGISTRY.require(name);
    }
}
