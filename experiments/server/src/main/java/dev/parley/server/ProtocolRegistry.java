package dev.parley.server;

import dev.parley.dgdl.Protocol;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The protocols a server offers by name (looked up case-insensitively, listed as given): the bundled library, a
 * directory of {@code .dgdl} files, and those uploaded with {@code PUT /protocol}. A name is never replaced, so a
 * dialogue's protocol cannot change under it (each dialogue also keeps its own copy of the protocol text).
 */
public final class ProtocolRegistry {

    /** Where a protocol came from. */
    public enum Origin { BUNDLED, DIRECTORY, UPLOADED }

    /** A protocol under its name. */
    public record Entry(String name, Origin origin, Protocol protocol) {
    }

    private final ConcurrentHashMap<String, Entry> byKey = new ConcurrentHashMap<>();

    /** Adds a protocol; false (and nothing changes) if the name is taken. */
    public boolean add(String name, Origin origin, Protocol protocol) {
        return byKey.putIfAbsent(key(name), new Entry(name, origin, protocol)) == null;
    }

    public Optional<Entry> find(String name) {
        return Optional.ofNullable(byKey.get(key(name)));
    }

    /** Every name, sorted case-insensitively. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        for (Entry e : byKey.values()) {
            out.add(e.name());
        }
        out.sort(Comparator.comparing((String s) -> s.toLowerCase(Locale.ROOT)).thenComparing(s -> s));
        return out;
    }

    /** How many of the protocols were uploaded. */
    public int uploaded() {
        return (int) byKey.values().stream().filter(e -> e.origin() == Origin.UPLOADED).count();
    }

    public int size() {
        return byKey.size();
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
