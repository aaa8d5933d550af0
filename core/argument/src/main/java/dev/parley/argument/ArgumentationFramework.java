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
    private final int n;
    private final int words;
    private final int[] outStart;
    private final int[] outList;
    private final int[] inStart;
    private final int[] inList;
    private final int numAttacks;
    // built on first use: a framework read only for its grounded extension never pays n² bits or a name index
    private volatile Map<String, Integer> index;
    private volatile long[][] attackers;
    private volatile long[][] targets;

    /**
     * @param names   argument names, index order
     * @param from    attackers of the first {@code count} attacks
     * @param to      the attacked arguments, parallel to {@code from}
     */
    ArgumentationFramework(List<String> names, int[] from, int[] to, int count) {
        this.names = names;
        this.n = names.size();
        this.words = Bits.words(n);
        // sort the attacks attacker-major and drop repeats: the compressed rows come out sorted, so equal
        // frameworks have equal arrays and attacks(a, b) is a binary search
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            keys[i] = ((long) from[i] << 32) | (to[i] & 0xffffffffL);
        }
        java.util.Arrays.sort(keys);
        int m = 0;
        for (int i = 0; i < count; i++) {
            if (m == 0 || keys[i] != keys[m - 1]) {
                keys[m++] = keys[i];
            }
        }
        this.numAttacks = m;
        this.outStart = new int[n + 1];
        this.inStart = new int[n + 1];
        this.outList = new int[m];
        this.inList = new int[m];
        for (int i = 0; i < m; i++) {
            outStart[(int) (keys[i] >>> 32) + 1]++;
            inStart[(int) keys[i] + 1]++;
        }
        for (int i = 0; i < n; i++) {
            outStart[i + 1] += outStart[i];
            inStart[i + 1] += inStart[i];
        }
        int[] fill = java.util.Arrays.copyOf(inStart, n);
        for (int i = 0; i < m; i++) {
            int a = (int) (keys[i] >>> 32);
            int b = (int) keys[i];
            outList[i] = b;
            inList[fill[b]++] = a;
        }
    }

    private ArgumentationFramework(List<String> names, List<int[]> attackPairs) {
        this(checkedNames(names), firsts(attackPairs, 0), firsts(attackPairs, 1), attackPairs.size());
    }

    private static int[] firsts(List<int[]> pairs, int k) {
        int[] r = new int[pairs.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = pairs.get(i)[k];
        }
        return r;
    }

    private static List<String> checkedNames(List<String> names) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String s : names) {
            if (!seen.add(s)) {
                throw new IllegalArgumentException("argument " + s + " is declared twice");
            }
        }
        return List.copyOf(names);
    }

    /**
     * A framework over arguments named {@code 1..n} (ICCMA's numbering) with attacks {@code from[i] → to[i]} given
     * as 0-based indices; the names are computed, not stored, so a very large framework costs only its attacks.
     */
    public static ArgumentationFramework numbered(int n, int[] from, int[] to, int count) {
        if (n < 0) {
            throw new IllegalArgumentException("negative number of arguments: " + n);
        }
        for (int i = 0; i < count; i++) {
            if (from[i] < 0 || from[i] >= n || to[i] < 0 || to[i] >= n) {
                throw new IllegalArgumentException("attack " + (from[i] + 1) + " " + (to[i] + 1)
                        + " names an argument outside 1.." + n);
            }
        }
        return new ArgumentationFramework(new Numbered(n), from, to, count);
    }

    /** The names 1..n as a list that holds nothing. */
    private static final class Numbered extends java.util.AbstractList<String> implements java.util.RandomAccess {
        private final int n;

        Numbered(int n) {
            this.n = n;
        }

        @Override
        public String get(int i) {
            java.util.Objects.checkIndex(i, n);
            return Integer.toString(i + 1);
        }

        @Override
        public int size() {
            return n;
        }
    }

    /**
     * A framework over {@code names} (distinct, index order) with attacks given as 0-based indices; used by readers
     * that have already numbered the arguments.
     */
    public static ArgumentationFramework indexed(List<String> names, int[] from, int[] to, int count) {
        List<String> copy = checkedNames(names);
        for (int i = 0; i < count; i++) {
            java.util.Objects.checkIndex(from[i], copy.size());
            java.util.Objects.checkIndex(to[i], copy.size());
        }
        return new ArgumentationFramework(copy, from, to, count);
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
        private final AttackList attacks = new AttackList();

        private Builder(boolean strict) {
            this.strict = strict;
        }

        public Builder argument(String name) {
            Objects.requireNonNull(name, "argument name");
            args.putIfAbsent(name, args.size());
            return this;
        }

        public Builder attack(String attacker, String attacked) {
            int a = id(attacker);
            attacks.add(a, id(attacked));
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
            return attacks.trusted(List.copyOf(args.keySet()));
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
        Integer i = index().get(argument);
        return i == null ? -1 : i;
    }

    private Map<String, Integer> index() {
        Map<String, Integer> m = index;
        if (m == null) {
            m = new HashMap<>(n * 2);
            for (int i = 0; i < n; i++) {
                m.put(names.get(i), i);
            }
            index = m;
        }
        return m;
    }

    private int require(String argument) {
        Integer i = index().get(argument);
        if (i == null) {
            throw new IllegalArgumentException("no argument named " + argument);
        }
        return i;
    }

    public boolean attacks(String attacker, String attacked) {
        return attacks(require(attacker), require(attacked));
    }

    /** Whether argument {@code attacker} attacks {@code attacked} (0-based indices). */
    public boolean attacks(int attacker, int attacked) {
        return java.util.Arrays.binarySearch(outList, outStart[attacker], outStart[attacker + 1], attacked) >= 0;
    }

    /** The 0-based indices of the arguments {@code argument} attacks, in increasing order. */
    public int[] targetsOf(int argument) {
        return java.util.Arrays.copyOfRange(outList, outStart[argument], outStart[argument + 1]);
    }

    /** The 0-based indices of the attackers of {@code argument}, in increasing order. */
    public int[] attackersOf(int argument) {
        return java.util.Arrays.copyOfRange(inList, inStart[argument], inStart[argument + 1]);
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
        dense();
        return attackers[i];
    }

    long[] targetBits(int i) {
        dense();
        return targets[i];
    }

    /** The attack relation as n × n bits, for the set algebra of the enumerations; built once, on first use. */
    private void dense() {
        if (targets != null) {
            return;
        }
        synchronized (this) {
            if (targets != null) {
                return;
            }
            long[][] att = new long[n][words];
            long[][] tgt = new long[n][words];
            for (int a = 0; a < n; a++) {
                for (int k = outStart[a]; k < outStart[a + 1]; k++) {
                    Bits.set(tgt[a], outList[k]);
                    Bits.set(att[outList[k]], a);
                }
            }
            attackers = att;
            targets = tgt;
        }
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
            long[] t = targetBits(i);
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
            if (Bits.subset(attackerBits(a), hit)) {
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

    /**
     * Every semi-stable extension (Caminada 2006): a complete extension S whose range S ∪ S⁺ is not strictly inside
     * another complete extension's range. Every preferred extension with maximal range is one, so they are sought
     * among the preferred extensions (every semi-stable extension is preferred). When a stable extension exists the
     * semi-stable extensions are exactly the stable ones.
     */
    public List<Extension> semiStableExtensions() {
        List<Extension> preferred = preferredExtensions();
        List<long[]> ranges = new ArrayList<>(preferred.size());
        for (Extension e : preferred) {
            long[] r = attackedBy(e.bits());
            for (int k = 0; k < words; k++) {
                r[k] |= e.bits()[k];
            }
            ranges.add(r);
        }
        List<Extension> result = new ArrayList<>();
        for (int i = 0; i < preferred.size(); i++) {
            boolean maximal = true;
            for (int j = 0; j < preferred.size() && maximal; j++) {
                if (j != i && Bits.subset(ranges.get(i), ranges.get(j))
                        && !java.util.Arrays.equals(ranges.get(i), ranges.get(j))) {
                    maximal = false;
                }
            }
            if (maximal) {
                result.add(preferred.get(i));
            }
        }
        return result;
    }

    /**
     * The ideal extension (Dung, Mancarella and Toni 2007): the largest admissible subset of the intersection of the
     * preferred extensions. From that intersection, arguments with an attacker the set does not attack are dropped
     * until none is left; each round keeps every admissible subset, so the fixed point is the largest one.
     */
    public Extension ideal() {
        long[] s = null;
        for (Extension e : preferredExtensions()) {
            if (s == null) {
                s = e.bits().clone();
            } else {
                for (int k = 0; k < words; k++) {
                    s[k] &= e.bits()[k];
                }
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            long[] hit = attackedBy(s);
            for (int a = Bits.next(s, 0); a >= 0; a = Bits.next(s, a + 1)) {
                if (!Bits.subset(attackerBits(a), hit)) {
                    Bits.clear(s, a);
                    changed = true;
                }
            }
        }
        return wrap(s);
    }

    public List<Extension> extensions(Semantics semantics) {
        return switch (semantics) {
            case GROUNDED -> List.of(grounded());
            case COMPLETE -> completeExtensions();
            case PREFERRED -> preferredExtensions();
            case STABLE -> stableExtensions();
            case SEMI_STABLE -> semiStableExtensions();
            case IDEAL -> List.of(ideal());
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
                && java.util.Arrays.equals(f.outStart, outStart) && java.util.Arrays.equals(f.outList, outList);
    }

    @Override
    public int hashCode() {
        return names.hashCode() * 31 + java.util.Arrays.hashCode(outList);
    }

    @Override
    public String toString() {
        return "AF[" + n + " arguments, " + numAttacks + " attacks]";
    }
}
