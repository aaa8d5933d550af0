package dev.parley.domain;

import dev.parley.domain.poker.KuhnPoker;
import dev.parley.domain.poker.LeducPoker;
import dev.parley.game.Game;
import dev.parley.registry.Registry;
import dev.parley.registry.UnknownNameException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** The built-in games, by name: what {@code parley games} lists and {@code --game NAME} accepts. */
public final class GameCatalog {

    /** One built-in game. */
    public record Entry(String name, String kind, String description, Supplier<Game> factory) { }

    private static final List<Entry> ENTRIES = List.of(
            new Entry("kuhn_poker", "reference", "Kuhn poker, 2 players (OpenSpiel rules); value -1/18",
                    () -> new KuhnPoker(2)),
            new Entry("kuhn_poker_3p", "reference", "Kuhn poker, 3 players (OpenSpiel rules)",
                    () -> new KuhnPoker(3)),
            new Entry("leduc_poker", "reference", "Leduc poker, 2 players (OpenSpiel rules); value -0.0856",
                    LeducPoker::new));

    private static final Registry<Entry> REGISTRY = registry();

    private GameCatalog() {
    }

    private static Registry<Entry> registry() {
        Registry.Builder<Entry> b = Registry.builder("game");
        ENTRIES.forEach(e -> b.add(e.name(), () -> e));
        return b.build();
    }

    public static List<Entry> entries() {
        return ENTRIES;
    }

    public static List<String> names() {
        return REGISTRY.names();
    }

    public static Optional<Entry> find(String name) {
        return REGISTRY.find(name);
    }

    /**
     * The game called {@code name}.
     *
     * @throws UnknownNameException naming the built-in games if there is none
     */
    public static Entry require(String name) {
        return REGISTRY.require(name);
    }
}
