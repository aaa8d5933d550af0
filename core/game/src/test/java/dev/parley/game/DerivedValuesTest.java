package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Values derived from a tree may derive others while they are made (NashConv's evaluator derives its sequence plan):
 * a derivation nested in another must work whichever keys the tree's map puts in the same bin.
 */
class DerivedValuesTest {

    /** Kinds with a value each; fifteen nested derivations share a bin of a small hash table almost surely. */
    private static final List<Object> VALUES = List.of("s", 1, 2L, 3.0, 4f, (short) 5, (byte) 6, 'c', true,
            new StringBuilder(), new ArrayList<>(), new HashMap<>(), new LinkedList<>(), new TreeMap<>(),
            new Object[0]);

    @Test
    void aDerivationMadeWhileAnotherIsBeingMadeIsKeptAndReturned() {
        GameTree tree = GameTree.compile(new TinyGame(false));
        Object outer = derive(tree, 0);
        assertThat(outer).isSameAs(VALUES.get(0));
        for (int i = 0; i < VALUES.size(); i++) {
            Object value = VALUES.get(i);
            // asked again, each is the value made the first time, not made again
            assertThat(tree.derived(kind(i), t -> {
                throw new AssertionError("made twice: " + value);
            })).isSameAs(value);
        }
    }

    /** Derives kind i, whose making derives kind i + 1, and so on to the last. */
    private static Object derive(GameTree tree, int i) {
        Function<GameTree, Object> make = t -> {
            if (i + 1 < VALUES.size()) {
                derive(t, i + 1);
            }
            return VALUES.get(i);
        };
        return tree.derived(kind(i), make);
    }

    @SuppressWarnings("unchecked")
    private static Class<Object> kind(int i) {
        return (Class<Object>) VALUES.get(i).getClass();
    }
}
