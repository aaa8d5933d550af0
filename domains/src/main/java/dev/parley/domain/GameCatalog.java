package dev.parley.domain;

import dev.parley.domain.poker.KuhnPoker;
import dev.parley.domain.poker.LeducPoker;
import dev.parley.game.Game;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** The built-in games, by name: what {@code parley games} lists and {@code --game NAME} accepts. */
public final class GameCatalog {

    /** One built-in game. */
    public record Entry(String name, String kind, String description, Supplier<Game> factory) { }

    private static final Map<String, Entry> ENTRIES = new LinkedHashMap<>();

    static {
        add(new Entry("kuhn_poker", "reference", "Kuhn poker, 2 players (OpenSpiel rules); value -1/18",
                () -> new KuhnPoker(2)));
        add(new Entry("kuhn_poker_3p", "reference", "Kuhn poker, 3 players (OpenSpiel rules)",
                () -> new KuhnPoker(3)));
        add(new Entry("leduc_poker", "reference", "Leduc poker, 2 players (OpenSpiel rules); value -0.0856",
                LeducPoker::new));
    }

    private GameCatalog() {
    }

    private static void add(Entry e) {
        ENTRIES.put(e.name(), e);
    }

    public static List<Entry> entries() {
        return List.copyOf(ENTRIES.values());
    }

    public static Optional<Entry> find(String name) {
        return Optional.ofNullable(ENTRIES.get(name));
    }
}
