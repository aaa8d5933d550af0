package dev.parley.argument;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An audience in the sense of Bench-Capon (2003): a strict preference order over values, total or partial. The
 * order given is closed transitively; a preference cycle (or a value preferred to itself) is an
 * {@link IllegalArgumentException}.
 */
public final class Audience {

    private final Map<String, Set<String>> above; // value -> values strictly below it

    private Audience(Map<String, Set<String>> above) {
        this.above = above;
    }

    /** No preferences: every attack succeeds, so the defeat graph is the attack graph. */
    public static Audience none() {
        return new Audience(Map.of());
    }

    /** A total order, most preferred value first. */
    public static Audience ranking(String... mostPreferredFirst) {
        return ranking(List.of(mostPreferredFirst));
    }

    public static Audience ranking(List<String> mostPreferredFirst) {
        if (new LinkedHashSet<>(mostPreferredFirst).size() != mostPreferredFirst.size()) {
            throw new IllegalArgumentException("a ranking lists each value once: " + mostPreferredFirst);
        }
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i + 1 < mostPreferredFirst.size(); i++) {
            pairs.add(new String[] {mostPreferredFirst.get(i), mostPreferredFirst.get(i + 1)});
        }
        return build(pairs);
    }

    /** A partial order from "first is preferred to second" pairs. */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects "preferred over" pairs. */
    public static final class Builder {
        private final List<String[]> pairs = new ArrayList<>();

        public Builder prefer(String better, String worse) {
            pairs.add(new String[] {Objects.requireNonNull(better), Objects.requireNonNull(worse)});
            return this;
        }

        public Audience build() {
            return Audience.build(pairs);
        }
    }

    private static Audience build(List<String[]> pairs) {
        Map<String, Set<String>> below = new LinkedHashMap<>();
        for (String[] p : pairs) {
            below.computeIfAbsent(p[0], k -> new LinkedHashSet<>()).add(p[1]);
            below.computeIfAbsent(p[1], k -> new LinkedHashSet<>());
        }
        // transitive closure (value sets are small)
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Set<String> s : below.values()) {
                for (String w : new ArrayList<>(s)) {
                    if (s.addAll(below.get(w))) {
                        changed = true;
                    }
                }
            }
        }
        for (Map.Entry<String, Set<String>> e : below.entrySet()) {
            if (e.getValue().contains(e.getKey())) {
                throw new IllegalArgumentException("the audience's preferences are cyclic: " + e.getKey()
                        + " ends up preferred to itself");
            }
        }
        Map<String, Set<String>> frozen = new LinkedHashMap<>();
        below.forEach((k, v) -> frozen.put(k, Set.copyOf(v)));
        return new Audience(frozen);
    }

    /**
     * Parses preferences written {@code v1>v2>v3}: each value preferred to the ones after it; several chains are
     * separated by commas ({@code a>b,c>d}) and together may leave values unordered. Spaces around names are ignored.
     */
    public static Audience parse(String text) {
        Builder b = builder();
        for (String chain : text.split(",", -1)) {
            String[] names = chain.split(">", -1);
            if (names.length < 2) {
                throw new IllegalArgumentException("expected preferences such as v1>v2>v3 (chains separated by"
                        + " commas), found \"" + chain.strip() + "\"");
            }
            for (int i = 0; i < names.length; i++) {
                if (names[i].isBlank()) {
                    throw new IllegalArgumentException("a value name is missing in \"" + chain.strip() + "\"");
                }
                if (i > 0) {
                    b.prefer(names[i - 1].strip(), names[i].strip());
                }
            }
        }
        return b.build();
    }

    /** Both audiences' preferences together; cyclic ones are an {@link IllegalArgumentException}. */
    public Audience and(Audience other) {
        Builder b = builder();
        above.forEach((k, v) -> v.forEach(w -> b.prefer(k, w)));
        other.above.forEach((k, v) -> v.forEach(w -> b.prefer(k, w)));
        return b.build();
    }

    /** The values this audience orders. */
    public Set<String> orderedValues() {
        return above.keySet();
    }

    /** Whether {@code better} is strictly preferred to {@code worse}. */
    public boolean prefers(String better, String worse) {
        Set<String> s = above.get(better);
        return s != null && s.contains(worse);
    }

    /** Whether any two distinct values of {@code values} are ordered. */
    public boolean isTotalOver(Collection<String> values) {
        List<String> vs = new ArrayList<>(new LinkedHashSet<>(values));
        for (int i = 0; i < vs.size(); i++) {
            for (int j = i + 1; j < vs.size(); j++) {
                if (!prefers(vs.get(i), vs.get(j)) && !prefers(vs.get(j), vs.get(i))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Every total order of {@code values} that agrees with this audience, each as a ranking (best first). */
    public List<List<String>> linearExtensions(Collection<String> values) {
        List<List<String>> out = new ArrayList<>();
        extend(new ArrayList<>(new LinkedHashSet<>(values)), new ArrayList<>(), out);
        return out;
    }

    private void extend(List<String> remaining, List<String> prefix, List<List<String>> out) {
        if (remaining.isEmpty()) {
            out.add(List.copyOf(prefix));
            return;
        }
        for (String v : remaining) {
            boolean maximal = true;
            for (String w : remaining) {
                if (prefers(w, v)) {
                    maximal = false;
                    break;
                }
            }
            if (maximal) {
                List<String> rest = new ArrayList<>(remaining);
                rest.remove(v);
                prefix.add(v);
                extend(rest, prefix, out);
                prefix.remove(prefix.size() - 1);
            }
        }
    }

    /** The preferences as {@code a > b, a > c, ...}, closed transitively. */
    public String describe() {
        List<String> pairs = new ArrayList<>();
        above.forEach((k, v) -> v.forEach(w -> pairs.add(k + " > " + w)));
        return String.join(", ", pairs);
    }

    @Override
    public String toString() {
        List<String> pairs = new ArrayList<>();
        above.forEach((k, v) -> v.forEach(w -> pairs.add(k + " > " + w)));
        return "Audience" + pairs;
    }
}
