package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The working set's rules on their own: least recently used first, busy values kept, weights that change. */
class WorkingSetTest {

    /** A value whose weight can change and that may refuse to go. */
    private static final class Item {
        final AtomicInteger weight;
        boolean busy;

        Item(int weight) {
            this.weight = new AtomicInteger(weight);
        }
    }

    private static WorkingSet<String, Item> set(int capacity, long maxWeight) {
        return new WorkingSet<>(capacity, maxWeight, i -> i.weight.get(), i -> !i.busy);
    }

    @Test
    void theLeastRecentlyUsedGoesFirstAndAReadCountsAsAUse() {
        WorkingSet<String, Item> s = set(2, 1000);
        s.put("a", new Item(1));
        s.put("b", new Item(1));
        s.get("a"); // a is now the most recent
        assertThat(s.put("c", new Item(1))).containsExactly("b");
        assertThat(s.get("a")).isNotNull();
        assertThat(s.get("b")).isNull();
        assertThat(s.size()).isEqualTo(2);
    }

    @Test
    void aBusyValueStaysAndTheNextOlderGoesInstead() {
        WorkingSet<String, Item> s = set(2, 1000);
        Item a = new Item(1);
        a.busy = true;
        s.put("a", a);
        s.put("b", new Item(1));
        assertThat(s.put("c", new Item(1))).containsExactly("b");
        // with every other value busy the set holds more than its capacity rather than drop a busy one
        s.get("c").busy = true;
        assertThat(s.put("d", new Item(1))).isEmpty();
        assertThat(s.size()).isEqualTo(3);
        a.busy = false;
        assertThat(s.put("e", new Item(1))).containsExactly("a", "d");
        assertThat(s.size()).isEqualTo(2);
    }

    @Test
    void theWeightBoundLetsGoAsValuesGrow() {
        WorkingSet<String, Item> s = set(100, 10);
        Item a = new Item(4);
        Item b = new Item(4);
        s.put("a", a);
        s.put("b", b);
        assertThat(s.weight()).isEqualTo(8);
        b.weight.set(7); // b grew: 11 > 10, and a is the least recently used
        assertThat(s.reweigh("b", b)).containsExactly("a");
        assertThat(s.weight()).isEqualTo(7);
        // a value heavier than the whole bound alone is kept while it is the one being used
        b.weight.set(25);
        assertThat(s.reweigh("b", b)).isEmpty();
        assertThat(s.weight()).isEqualTo(25);
        assertThat(s.put("c", new Item(1))).containsExactly("b");
        assertThat(s.weight()).isEqualTo(1);
    }

    @Test
    void reweighAndRemoveActOnlyOnTheValueHeld() {
        WorkingSet<String, Item> s = set(10, 100);
        Item old = new Item(5);
        s.put("a", old);
        Item now = new Item(6);
        s.put("a", now); // a rebuilt copy replaces the stale one
        assertThat(s.weight()).isEqualTo(6);
        old.weight.set(90);
        assertThat(s.reweigh("a", old)).isEmpty();
        assertThat(s.weight()).isEqualTo(6);
        assertThat(s.remove("a", old)).isFalse();
        assertThat(s.remove("a", now)).isTrue();
        assertThat(s.weight()).isZero();
        assertThat(s.size()).isZero();
    }

    @Test
    void manyPutsKeepTheTotalEqualToTheSumOfWhatIsHeld() {
        WorkingSet<String, Item> s = set(7, 40);
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        java.util.Map<String, Item> items = new java.util.HashMap<>();
        for (int i = 0; i < 2000; i++) {
            String k = "k" + r.nextInt(20);
            Item it = items.computeIfAbsent(k, x -> new Item(1 + r.nextInt(9)));
            it.busy = r.nextInt(5) == 0;
            s.put(k, it);
            long sum = 0;
            int held = 0;
            for (String key : items.keySet()) {
                Item v = s.get(key);
                if (v != null) {
                    sum += v.weight.get();
                    held++;
                }
            }
            assertThat(s.weight()).isEqualTo(sum);
            assertThat(s.size()).isEqualTo(held);
        }
    }

    @Test
    void boundsBelowOneAreRefused() {
        assertThatThrownBy(() -> set(0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> set(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
