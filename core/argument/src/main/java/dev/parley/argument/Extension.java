package dev.parley.argument;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** An immutable set of arguments of one framework (a bitset over its argument indices). */
public final class Extension {

    private final List<String> names;
    private final long[] bits;

    Extension(List<String> names, long[] bits) {
        this.names = names;
        this.bits = bits;
    }

    long[] bits() {
        return bits;
    }

    boolean bitsBelongTo(List<String> frameworkNames) {
        return names == frameworkNames || names.equals(frameworkNames);
    }

    public boolean contains(int index) {
        return index >= 0 && index < names.size() && Bits.get(bits, index);
    }

    public boolean contains(String argument) {
        return contains(names.indexOf(argument));
    }

    public int size() {
        return Bits.cardinality(bits);
    }

    public boolean isEmpty() {
        return Bits.isEmpty(bits);
    }

    /** Whether every argument here is also in {@code other}. */
    public boolean isSubsetOf(Extension other) {
        return Bits.subset(bits, other.bits);
    }

    /** Argument indices in increasing order. */
    public int[] indices() {
        int[] r = new int[size()];
        int k = 0;
        for (int i = Bits.next(bits, 0); i >= 0; i = Bits.next(bits, i + 1)) {
            r[k++] = i;
        }
        return r;
    }

    /** Argument names in the framework's order. */
    public List<String> arguments() {
        List<String> r = new ArrayList<>(size());
        for (int i = Bits.next(bits, 0); i >= 0; i = Bits.next(bits, i + 1)) {
            r.add(names.get(i));
        }
        return Collections.unmodifiableList(r);
    }

    public Set<String> asSet() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(arguments()));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Extension e && Arrays.equals(e.bits, bits)
                && (e.names == names || e.names.equals(names));
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bits);
    }

    @Override
    public String toString() {
        return "{" + String.join(", ", arguments()) + "}";
    }
}
