package dev.parley.registry;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Things known by name (games, dialogue domains, meta-solvers, solver variants), all looked up the same way:
 * {@link #names()} in a fixed order, {@link #find} when absence is normal, {@link #require} when it is an error.
 * Each lookup calls the entry's supplier, so entries that hold state come fresh.
 *
 * @param <T> what the names stand for
 */
public final class Registry<T> {

    private final String kind;
    private final Map<String, Supplier<? extends T>> entries;
    private final Map<String, String> aliases;

    private Registry(String kind, Map<String, Supplier<? extends T>> entries, Map<String, String> aliases) {
        this.kind = kind;
        this.entries = entries;
        this.aliases = aliases;
    }

    /** A registry of {@code kind} ("meta-solver", "game", ...: the word error messages use). */
    public static <T> Builder<T> builder(String kind) {
        return new Builder<>(kind);
    }

    /** The names, in the order they were added; aliases are not listed. */
    public List<String> names() {
        return List.copyOf(entries.keySet());
    }

    /** The entry called {@code name} (or an alias of it), if there is one. */
    public Optional<T> find(String name) {
        Supplier<? extends T> s = entries.get(aliases.getOrDefault(name, name));
        return s == null ? Optional.empty() : Optional.of(s.get());
    }

    /**
     * The entry called {@code name}.
     *
     * @throws UnknownNameException naming the kind and every name it knows
     */
    public T require(String name) {
        return find(name).orElseThrow(() -> new UnknownNameException(kind, name, names()));
    }

    /** Collects the entries of a {@link Registry}. */
    public static final class Builder<T> {
        private final String kind;
        private final Map<String, Supplier<? extends T>> entries = new LinkedHashMap<>();
        private final Map<String, String> aliases = new LinkedHashMap<>();

        private Builder(String kind) {
            this.kind = Objects.requireNonNull(kind, "kind");
        }

        public Builder<T> add(String name, Supplier<? extends T> entry) {
            if (entries.putIfAbsent(name, Objects.requireNonNull(entry, "entry")) != null) {
                throw new IllegalArgumentException(kind + " '" + name + "' is registered twice");
            }
            return this;
        }

        /** Another name {@link #find} and {@link #require} accept for {@code name}. */
        public Builder<T> alias(String alias, String name) {
            aliases.put(alias, name);
            return this;
        }

        public Registry<T> build() {
            for (Map.Entry<String, String> a : aliases.entrySet()) {
                if (!entries.containsKey(a.getValue())) {
                    throw new IllegalArgumentException("alias '" + a.getKey() + "' names no " + kind);
                }
            }
            // a copy that keeps the order names() promises
            return new Registry<>(kind, Collections.unmodifiableMap(new LinkedHashMap<>(entries)),
                    Map.copyOf(aliases));
        }
    }
}
