package dev.parley.argument;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * An immutable Dung argumentation framework: named arguments and an attack relation (Dung 1995, "On the
 * acceptability of arguments ...", AIJ 77).
 *
 * <p>Arguments are indexed 0..n-1 in the order given. The attack relation is held twice: as bitsets (attackers and
 * targets of each argument, for the set algebra of the enumerations) and as compressed adjacency lists (for the
 * linear-time grounded computation).
 *
 * <p>Semantics: {@link #grounded()} by counting propagation (O(n + attacks)); {@link #completeExtensions()} and
 * {@link #preferredExtensions()} by labelling-based backtracking after Nofal, Atkinson and Dunne (2014) with
 * pruning (see {@code LabellingSearch}); {@link #stableExtensions()} as the preferred extensions that attack
 * everything outside them (every stable extension is preferred, Dung 1995).
 */
public final class ArgumentationFramework {

    private final List<String> names;
    private final Map<String, Integer> index;
    private final int n;
    private final int words;
    private final long[][] attackers;
    private final long[][] targets;
    private final int[] outStart;
    private final int[] outList;
    private final int[] inStart;
    private final int[] inList;
    private final int numAttacks;

    private ArgumentationFramework(List<String> names, List<int[]> attackPairs) {
        this.names = List.copyOf(names);
        this.n = names.size();
        this.words = Bits.words(n);
        Map<String, Integer> idx = new HashMap<>();
        for (int i = 0; i < n; i++) {
            if (idx.putIfAbsent(this.names.get(i), i) != null) {
                throw new IllegalArgumentException("argument " + this.names.get(i) + " is declared twice");
            }
        }
        this.index = idx;
        this.attackers = new long[n][words];
        this.targets = new long[n][words];
        int count = 0;
        for (int[] p : attackPairs) {
            if (!Bits.get(targets[p[0]], p[1])) {
                Bits.set(targets[p[0]], p[1]);
                Bits.set(attackers[p[1]], p[0]);
                count++;
            }
        }
        this.numAttacks = count;
        this.outStart = new int[n + 1];
        this.inStart = new int[n + 1];
        this.outList = new int[count];
        this.inList = new int[count];
        for (int i = 0; i < n; i++) {
            outStart[i + 1] = outStart[i] + Bits.cardinality(targets[i]);
            inStart[i + 1] = inStart[i] + Bits.cardinality(attackers[i]);
            int k = outStart[i];
            for (int j = Bits.next(targets[i], 0); j >= 0; j = Bits.next(targets[i], j + 1)) {
                outList[k++] = j;
            }
            k = inStart[i];
            for (int j = Bits.next(attackers[i], 0); j >= 0; j = Bits.next(attackers[i], j + 1)) {
                inList[k++] = j;
            }
        }
    }

    /**
     * A framework over {@code arguments} (order kept) with these attacks; an attack naming an undeclared argument is
     * an {@link IllegalArgumentException}. Repeated attacks count once.
     */
    public static ArgumentationFramework of(Collection<String> arguments, Collection<Attack> attacks) {
        Builder b = new Builder(true);
        arguments.forEach(b::argument);
        attacks.forEach(a -> b.attack(a.attacker(), a.attacked()));
        return b.build();
    }

    /** A builder in which {@code attack} declares arguments it has not seen yet. */
    public static Builder builder() {
        return new Builder(false);
    }

    /**
     * A random framework for tests and benchmarks: arguments {@code a0..a(n-1)}, each ordered pair (self-attacks
     * included) an attack with probability {@code p}, reproducible from {@code seed}.
     */
    public static ArgumentationFramework random(int n, double p, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add("a" + i);
        }
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (rnd.nextDouble() < p) {
                    pairs.add(new int[] {i, j});
                }
            }
        }
        return new ArgumentationFramework(names, pairs);
    }

    /** Builds a framework argument by argument. */
    public static final class Builder {
        private final boolean strict;
        private final LinkedHashMap<String, Integer> args = new LinkedHashMap<>();
        private final List<int[]> pairs = new ArrayList<>();

        private Builder(boolean strict) {
            this.strict = strict;
        }

        public Builder argument(String name) {
            Objects.requireNonNull(name, "argument name");
            args.putIfAbsent(name, args.size());
            return this;
        }

        public Builder attack(String attacker, String attacked) {
            pairs.add(new int[] {id(attacker), id(attacked)});
            return this;
        }

        private int id(String name) {
            Integer i = args.get(name);
            if (i == null) {
                if (strict) {
                    throw new IllegalArgumentException("attack names " + name + ", which is not an argument");
                }
                argument(name);
                i = args.get(name);
            }
            return i;
        }

        public ArgumentationFramework build() {
            return new ArgumentationFramework(new ArrayList<>(args.keySet()), pairs);
        }
    }

    // ---- structure ----

    public int size() {
        return n;
    }

    public int numAttacks() {
        return numAttacks;
    }

    public List<String> arguments() {
        return names;
    }

    public String name(int i) {
        return names.get(i);
    }

    /** Index of an argument, or -1. */
    public int indexOf(String argument) {
        Integer i = index.get(argument);
        return i == null ? -1 : i;
    }

    private int require(String argument) {
        Integer i = index.get(argument);
        if (i == null) {
            throw new IllegalArgumentException("no argument named " + argument);
        }
        return i;
    }

    public boolean attacks(String attacker, String attacked) {
        return Bits.get(targets[require(attacker)], require(attacked));
    }

    boolean attacks(int attacker, int attacked) {
        return Bits.get(targets[attacker], attacked);
    }

    /** All attacks, attacker-major in argument order. */
    public List<Attack> attackList() {
        List<Attack> r = new ArrayList<>(numAttacks);
        for (int i = 0; i < n; i++) {
            for (int k = outStart[i]; k < outStart[i + 1]; k++) {
                r.add(new Attack(names.get(i), names.get(outList[k])));
            }
        }
        return r;
    }

    public List<String> attackersOf(String argument) {
        int a = require(argument);
        List<String> r = new ArrayList<>();
        for (int k = inStart[a]; k < inStart[a + 1]; k++) {
            r.add(names.get(inList[k]));
        }
        return r;
    }

    long[] attackerBits(int i) {
        return attackers[i];
    }

    long[] targetBits(int i) {
        return targets[i];
    }

    int words() {
        return words;
    }

    // ---- sets of arguments ----

    public Extension extension(Collection<String> arguments) {
        long[] b = new long[words];
        for (String a : arguments) {
            Bits.set(b, require(a));
        }
        return new Extension(names, b);
    }

    public Extension extension(String... arguments) {
        return extension(List.of(arguments));
    }

    Extension wrap(long[] bits) {
        return new Extension(names, bits);
    }

    private long[] own(Extension s) {
        if (!s.bitsBelongTo(names)) {
            throw new IllegalArgumentException("extension " + s + " belongs to another framework");
        }
        return s.bits();
    }

    /** The arguments attacked by some member of {@code s}. */
    long[] attackedBy(long[] s) {
        long[] r = new long[words];
        for (int i = Bits.next(s, 0); i >= 0; i = Bits.next(s, i + 1)) {
            long[] t = targets[i];
            for (int k = 0; k < words; k++) {
                r[k] |= t[k];
            }
        }
        return r;
    }

    public boolean isConflictFree(Extension s) {
        long[] b = own(s);
        return !Bits.intersects(attackedBy(b), b);
    }

    /** Dung's characteristic function: the arguments all of whose attackers {@code s} attacks. */
    public Extension characteristic(Extension s) {
        return wrap(defended(own(s)));
    }

    long[] defended(long[] s) {
        long[] hit = attackedBy(s);
        long[] r = new long[words];
        for (int a = 0; a < n; a++) {
            if (Bits.subset(attackers[a], hit)) {
                Bits.set(r, a);
            }
        }
        return r;
    }

    /** Conflict-free and defends each of its members. */
    public boolean isAdmissible(Extension s) {
        long[] b = own(s);
        return isConflictFree(s) && Bits.subset(b, defended(b));
    }

    /** Admissible and contains everything it defends, i.e. a conflict-free fixed point of the characteristic function. */
    public boolean isComplete(Extension s) {
        long[] b = own(s);
        return isConflictFree(s) && java.util.Arrays.equals(b, defended(b));
    }

    /** Conflict-free and attacks every argument outside it. */
    public boolean isStable(Extension s) {
        long[] b = own(s);
        long[] hit = attackedBy(b);
        if (Bits.intersects(hit, b)) {
            return false;
        }
        for (int a = 0; a < n; a++) {
            if (!Bits.get(b, a) && !Bits.get(hit, a)) {
                return false;
            }
        }
        return true;
    }

    // ---- semantics ----

    /**
     * The grounded extension. Computed by propagation: an argument all of whose attackers are out is in, an
     * argument with an attacker in is out; this reaches the least fixed point of the characteristic function in
     * O(n + attacks) (each argument and attack is visited once).
     */
    public Extension grounded() {
        return wrap(groundedBits());
    }

    long[] groundedBits() {
        int[] liveAttackers = new int[n];
        long[] in = new long[words];
        boolean[] out = new boolean[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int a = 0; a < n; a++) {
            liveAttackers[a] = inStart[a + 1] - inStart[a];
            if (liveAttackers[a] == 0) {
                Bits.set(in, a);
                queue[tail++] = a;
            }
        }
        // queue holds arguments that became IN; their targets become OUT, which may free further arguments
        while (head < tail) {
            int a = queue[head++];
            for (int k = outStart[a]; k < outStart[a + 1]; k++) {
                int b = outList[k];
                if (out[b]) {
                    continue;
                }
                out[b] = true;
                for (int m = outStart[b]; m < outStart[b + 1]; m++) {
                    int c = outList[m];
                    if (--liveAttackers[c] == 0 && !out[c]) {
                        Bits.set(in, c);
                        queue[tail++] = c;
                    }
                }
            }
        }
        return in;
    }

    /** Every complete extension (the grounded one among them), in the order found. */
    public List<Extension> completeExtensions() {
        List<Extension> r = new ArrayList<>();
        for (long[] b : new LabellingSearch(this, false).run()) {
            r.add(wrap(b));
        }
        return r;
    }

    /** Every preferred extension, in the order found. */
    public List<Extension> preferredExtensions() {
        List<Extension> r = new ArrayList<>();
        for (long[] b : new LabellingSearch(this, true).run()) {
            r.add(wrap(b));
        }
        return r;
    }

    /** Every stable extension (possibly none). */
    public List<Extension> stableExtensions() {
        List<Extension> r = new ArrayList<>();
        for (Extension e : preferredExtensions()) {
            if (isStable(e)) {
                r.add(e);
            }
        }
        return r;
    }

    public List<Extension> extensions(Semantics semantics) {
        return switch (semantics) {
            case GROUNDED -> List.of(grounded());
            case COMPLETE -> completeExtensions();
            case PREFERRED -> preferredExtensions();
            case STABLE -> stableExtensions();
        };
    }

    /** In at least one extension. Under stable semantics with no extension, nothing is credulously accepted. */
    public boolean credulouslyAccepted(String argument, Semantics semantics) {
        int a = require(argument);
        for (Extension e : extensions(semantics)) {
            if (e.contains(a)) {
                return true;
            }
        }
        return false;
    }

    /**
     * In every extension. Under stable semantics with no extension this is vacuously true, the convention of the
     * ICCMA competitions; callers who want otherwise check {@link #stableExtensions()} first.
     */
    public boolean scepticallyAccepted(String argument, Semantics semantics) {
        int a = require(argument);
        if (semantics == Semantics.GROUNDED || semantics == Semantics.COMPLETE) {
            // the grounded extension is the intersection of the complete ones
            return Bits.get(groundedBits(), a);
        }
        for (Extension e : extensions(semantics)) {
            if (!e.contains(a)) {
                return false;
            }
        }
        return true;
    }

    /** Arguments as a set, for callers that want names. */
    public Set<String> argumentSet() {
        return new LinkedHashSet<>(names);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ArgumentationFramework f && f.names.equals(names)
                && java.util.Arrays.deepEquals(f.targets, targets);
    }

    @Override
    public int hashCode() {
        return names.hashCode() * 31 + java.util.Arrays.deepHashCode(targets);
    }

    @Override
    public String toString() {
        return "AF[" + n + " arguments, " + numAttacks + " attacks]";
    }
}
