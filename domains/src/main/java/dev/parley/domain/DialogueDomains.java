package dev.parley.domain;

import dev.parley.dialogue.Domain;
import dev.parley.domain.debate.Debate;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.domain.scheduling.MeetingScheduling;
import java.util.List;
import java.util.Optional;

/** The built-in dialogue domains, by command-line name. */
public final class DialogueDomains {

    private DialogueDomains() {
    }

    /** Every built-in dialogue domain, in a fixed order. */
    public static List<Domain> all() {
        return List.of(FruitTrading.domain(), MeetingScheduling.domain(), Debate.domain());
    }

    /** The domain of that name ({@code fruit-trading}, {@code scheduling}, {@code debate}), if there is one. */
    public static Optional<Domain> find(String name) {
        return all().stream().filter(d -> d.name().equals(name)).findFirst();
    }
}
