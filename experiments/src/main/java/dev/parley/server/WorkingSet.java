package dev.parley.server;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dialogues held in memory: at most {@code capacity} of them by id, the least recently used let go first.
 *
 * <p>A small LinkedHashMap in access order under this object's monitor, rather than a cache library: none is a
 * dependency here (Caffeine is not), and what is needed beyond an LRU map is one rule, that a value is only let go
 * when {@link Release#tryRelease} agrees. The service's {@code tryRelease} takes the dialogue's own lock without
 * waiting and refuses while a request works on it, so a dialogue is never let go in the middle of a move; such a
 * busy value stays, the next older one goes instead, and the set may hold more than {@code capacity} for as long as
 * that many are busy at once (at most the number of request threads). {@code tryRelease} is called under the
 * monitor, so it must never wait.
 */
final class WorkingSet<K, V> {

    /** Whether a value may be let go now; it must not wait for anything. */
    @FunctionalInterface
    interface Release<V> {
        boolean tryRelease(V value);
    }

    private final int capacity;
    private final Release<V> release;
    private final LinkedHashMap<K, V> map = new LinkedHashMap<>(16, 0.75f, true);

    WorkingSet(int capacity, Release<V> release) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a working set holds at least one value, not " + capacity);
        }
        this.capacity = capacity;
        this.release = release;
    }

    /** The value, now the most recently used; null when it is not held. */
    synchronized V get(K key) {
        return map.get(key);
    }

    /**
     * Holds {@code value} under {@code key} as the most recently used, and lets go of the least recently used ones
     * (never this one) while more than {@code capacity} are held and one agrees to go.
     *
     * @return the keys let go, oldest first
     */
    synchronized List<K> put(K key, V value) {
        map.put(key, value);
        List<K> gone = new ArrayList<>();
        Iterator<Map.Entry<K, V>> it = map.entrySet().iterator();
        while (map.size() > capacity && it.hasNext()) {
            Map.Entry<K, V> e = it.next();
            if (!e.getKey().equals(key) && release.tryRelease(e.getValue())) {
                it.remove();
                gone.add(e.getKey());
            }
        }
        return gone;
    }

    /** Stops holding {@code key} if it holds exactly {@code value}. */
    synchronized boolean remove(K key, V value) {
        return map.remove(key, value);
    }

    synchronized int size() {
        return map.size();
    }

    int capacity() {
        return capacity;
    }
}
