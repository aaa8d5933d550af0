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
import java.util.function.Supplier;

/** The built-in dialogue domains, by command-line name. */
public final class DialogueDomains {

    /** Each domain under its own {@code name()}. */
    private static final Registry<Domain> REGISTRY = registry(FruitTrading::domain, MeetingScheduling::domain,
            Debate::domain, Campsite::domain, DealOrNoDeal::domain);

    private DialogueDomains() {
    }

    @SafeVarargs
    private static Registry<Domain> registry(Supplier<Domain>... domains) {
        Registry.Builder<Domain> b = Registry.builder("dialogue domain");
        for (Supplier<Domain> d : domains) {
            String name = d.get().name();
            b.add(name, d);
            if (name.contains("-")) {
                b.alias(name.replace('-', '_'), name); // the name of its game in Games
            }
        }
        return b.build();
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
