package dev.parley.engine;

import dev.parley.dgdl.Protocol;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The commitment stores: each store's contents in order (a stack's top last, a queue's front first), its content
 * when the dialogue started and every value it ever held. Changes are journaled.
 */
final class Stores {

    private final Journal journal;
    private final LinkedHashMap<String, List<String>> contents = new LinkedHashMap<>();
    /** How often each value is in each store: membership in constant time however large a store grows. */
    private final Map<String, Map<String, Integer>> counts = new HashMap<>();
    private final LinkedHashMap<String, List<String>> initial = new LinkedHashMap<>();
    private final LinkedHashMap<String, LinkedHashSet<String>> ever = new LinkedHashMap<>();

    Stores(Journal journal) {
        this.journal = journal;
    }

    Stores copy(Journal to) {
        Stores c = new Stores(to);
        contents.forEach((k, v) -> c.contents.put(k, new ArrayList<>(v)));
        counts.forEach((k, v) -> c.counts.put(k, new HashMap<>(v)));
        c.initial.putAll(initial);
        ever.forEach((k, v) -> c.ever.put(k, new LinkedHashSet<>(v)));
        return c;
    }

    /** Fills a store of a new dialogue with its declared content. */
    void fill(String id, List<String> content) {
        contents.put(id, new ArrayList<>(content));
        ever.put(id, new LinkedHashSet<>(content));
        countAll(id);
    }

    /** Takes the contents now (after the initial rules) as each store's initial content. */
    void freezeInitial() {
        contents.forEach((k, v) -> initial.put(k, List.copyOf(v)));
    }

    /** Restores a saved store. */
    void restore(String id, List<String> content, List<String> initialContent, Collection<String> everHeld) {
        contents.put(id, new ArrayList<>(content));
        initial.put(id, List.copyOf(initialContent));
        ever.put(id, new LinkedHashSet<>(everHeld));
        countAll(id);
    }

    /** A store's contents now (a read-only view). */
    List<String> contents(String id) {
        return Collections.unmodifiableList(contents.get(id));
    }

    /** A store's contents when the dialogue started; during the initial rules, its contents now. */
    List<String> initialContents(String id) {
        return initial.containsKey(id) ? initial.get(id) : contents(id);
    }

    /** Whether the store has held every one of these values at some time. */
    boolean everHeld(String id, Collection<String> values) {
        return ever.get(id).containsAll(values);
    }

    Map<String, List<String>> exportContents() {
        return copyOf(contents);
    }

    Map<String, List<String>> exportInitial() {
        return new LinkedHashMap<>(initial);
    }

    Map<String, List<String>> exportEver() {
        return copyOf(ever);
    }

    private static Map<String, List<String>> copyOf(Map<String, ? extends Collection<String>> m) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
        return out;
    }

    void empty(Protocol.Store s) {
        List<String> content = contents.get(s.id());
        if (!content.isEmpty()) {
            List<String> before = new ArrayList<>(content);
            content.clear();
            counts.get(s.id()).clear();
            journal.push(() -> {
                content.addAll(before);
                countAll(s.id());
            });
        }
    }

    /** Adds values at the end; a set keeps one copy of each. */
    void add(Protocol.Store s, List<String> values) {
        List<String> content = contents.get(s.id());
        Map<String, Integer> c = counts.get(s.id());
        LinkedHashSet<String> everHeld = ever.get(s.id());
        for (String v : values) {
            if (s.structure() == Protocol.Structure.SET && c.containsKey(v)) {
                continue;
            }
            content.add(v);
            count(c, v, 1);
            journal.push(() -> {
                content.remove(content.size() - 1);
                count(c, v, -1);
            });
            if (everHeld.add(v)) {
                journal.push(() -> everHeld.remove(v));
            }
        }
    }

    /** Removes one copy of each value present: a queue gives up its oldest copy, a stack its newest. */
    void remove(Protocol.Store s, List<String> values) {
        List<String> content = contents.get(s.id());
        Map<String, Integer> c = counts.get(s.id());
        for (String v : values) {
            if (!c.containsKey(v)) {
                continue;
            }
            int i = s.structure() == Protocol.Structure.STACK ? content.lastIndexOf(v) : content.indexOf(v);
            content.remove(i);
            count(c, v, -1);
            journal.push(() -> {
                content.add(i, v);
                count(c, v, 1);
            });
        }
    }

    /**
     * Rebuilds the membership counts of a store from its contents, in the same map: undo actions journaled earlier
     * in the transaction hold that map.
     */
    private void countAll(String id) {
        Map<String, Integer> c = counts.computeIfAbsent(id, k -> new HashMap<>());
        c.clear();
        for (String v : contents.get(id)) {
            c.merge(v, 1, Integer::sum);
        }
    }

    private static void count(Map<String, Integer> counts, String v, int delta) {
        counts.merge(v, delta, (a, b) -> a + b == 0 ? null : a + b);
    }
}
