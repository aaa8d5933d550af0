package dev.parley.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The dialogues held in memory: at most {@code capacity} of them by id and at most {@code maxWeight} in all (a
 * dialogue weighs one plus its moves, since its memory grows with them), the least recently used let go first.
 *
 * <p>A small LinkedHashMap in access order under this object's monitor, rather than a cache library: none is a
 * dependency here (Caffeine is not), and what is needed beyond a weighted LRU map is one rule, that a value is only
 * let go when {@link Release#tryRelease} agrees. The service's {@code tryRelease} takes the dialogue's own lock
 * without waiting and refuses while a request works on it, so a dialogue is never let go in the middle of a move;
 * such a busy value stays, the next older one goes instead, and the set may hold more than its bounds for as long as
 * that many are busy at once (at most the number of request threads). {@code tryRelease} is called under the
 * monitor, so it must never wait. Weights change as dialogues grow: {@link #reweigh} takes a held value's new
 * weight.
 */
final class WorkingSet<K, V> {

    /** Whether a value may be let go now; it must not wait for anything. */
    @FunctionalInterface
    interface Release<V> {
        boolean tryRelease(V value);
    }

    private final int capacity;
    private final long maxWeight;
    private final ToIntFunction<V> weigher;
    private final Release<V> release;
    private final LinkedHashMap<K, V> map = new LinkedHashMap<>(16, 0.75f, true);
    /** Each held value's weight when it was last weighed, so the total moves by differences. */
    private final Map<K, Integer> weights = new HashMap<>();
    private long total;

    WorkingSet(int capacity, long maxWeight, ToIntFunction<V> weigher, Release<V> release) {
        if (capacity < 1 || maxWeight < 1) {
            throw new IllegalArgumentException("a working set holds at least one value of weight one, not "
                    + capacity + " values of weight " + maxWeight + " in all");
        }
        this.capacity = capacity;
        this.maxWeight = maxWeight;
        this.weigher = weigher;
        this.release = release;
    }

    /** The value, now the most recently used; null when it is not held. */
    synchronized V get(K key) {
        return map.get(key);
    }

    /**
     * Holds {@code value} under {@code key} as the most recently used, and lets go of the least recently used ones
     * (never this one) while the bounds are passed and one agrees to go.
     *
     * @return the keys let go, oldest first
     */
    synchronized List<K> put(K key, V value) {
        map.put(key, value);
        weigh(key, value);
        return trim(key);
    }

    /**
     * Weighs {@code value} again if it is the one held under {@code key} (it grew), and lets go of others while the
     * bounds are passed.
     *
     * @return the keys let go, oldest first
     */
    synchronized List<K> reweigh(K key, V value) {
        if (map.get(key) != value) {
            return List.of();
        }
        weigh(key, value);
        return trim(key);
    }

    private void weigh(K key, V value) {
        int w = Math.max(1, weigher.applyAsInt(value));
        Integer before = weights.put(key, w);
        total += w - (before == null ? 0 : before);
    }

    private List<K> trim(K keep) {
        List<K> gone = new ArrayList<>();
        Iterator<Map.Entry<K, V>> it = map.entrySet().iterator();
        while ((map.size() > capacity || total > maxWeight) && it.hasNext()) {
            Map.Entry<K, V> e = it.next();
            if (!e.getKey().equals(keep) && release.tryRelease(e.getValue())) {
                it.remove();
                total -= weights.remove(e.getKey());
                gone.add(e.getKey());
            }
        }
        return gone;
    }

    /** Stops holding {@code key} if it holds exactly {@code value}. */
    synchronized boolean remove(K key, V value) {
        if (!map.remove(key, value)) {
            return false;
        }
        total -= weights.remove(key);
        return true;
    }

    synchronized int size() {
        return map.size();
    }

    /** The held values' weight in all. */
    synchronized long weight() {
        return total;
    }

    int capacity() {
        return capacity;
    }

    long maxWeight() {
        return maxWeight;
    }
}
