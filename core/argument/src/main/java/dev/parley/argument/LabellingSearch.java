package dev.parley.argument;

import java.util.ArrayList;
import java.util.List;

/**
 * Enumerates complete or preferred extensions by labelling-based backtracking after Nofal, Atkinson and Dunne (2014,
 * "Algorithms for decision problems in argument systems under preferred semantics", AIJ 207). Labels: IN, OUT
 * (attacked by an IN argument), MUST_OUT (attacks an IN argument, so some IN argument must still attack it), UNDEC
 * (decided not IN), BLANK (undecided).
 *
 * <p>The search starts from the grounded labelling (every complete extension contains it), branches on a BLANK
 * argument (IN, then UNDEC), and records the IN set of every leaf without MUST_OUT — an admissible set. Since complete
 * (and so preferred) extensions contain every argument they defend, and defence only grows as IN grows, two rules
 * hold along every branch: a BLANK argument whose attackers are all OUT is forced IN, and an UNDEC argument whose
 * attackers are all OUT kills the branch. Every leaf is then complete, and every complete extension S is the leaf of
 * the branch that takes IN exactly the members of S, so the leaves are exactly the complete extensions, each once
 * (two leaves differ on a branched argument). For preferred semantics only maximal leaves are kept, and a state whose
 * IN ∪ BLANK lies inside an extension already found is pruned (it cannot give a new maximal set). In both modes a
 * MUST_OUT argument with no BLANK attacker left prunes the branch: nothing can make it OUT any more.
 */
final class LabellingSearch {

    private final ArgumentationFramework af;
    private final int n;
    private final int words;
    private final boolean maximalOnly;
    private final List<long[]> found = new ArrayList<>();

    LabellingSearch(ArgumentationFramework af, boolean maximalOnly) {
        this.af = af;
        this.maximalOnly = maximalOnly;
        this.n = af.size();
        this.words = af.words();
    }

    /** Labels as five bitsets; BLANK is kept explicitly so selection and pruning are word operations. */
    private record State(long[] in, long[] out, long[] mustOut, long[] undec, long[] blank) {
        State copy() {
            return new State(in.clone(), out.clone(), mustOut.clone(), undec.clone(), blank.clone());
        }
    }

    List<long[]> run() {
        long[] in = af.groundedBits();
        long[] out = af.attackedBy(in);
        long[] mustOut = new long[words];
        long[] undec = new long[words];
        long[] blank = new long[words];
        for (int a = 0; a < n; a++) {
            if (Bits.get(in, a) || Bits.get(out, a)) {
                continue;
            }
            // a self-attacking argument can never be IN
            Bits.set(af.attacks(a, a) ? undec : blank, a);
        }
        enumerate(new State(in, out, mustOut, undec, blank));
        return found;
    }

    private void enumerate(State s) {
        while (true) {
            if (hopeless(s) || (maximalOnly && covered(s))) {
                return;
            }
            int y = select(s);
            if (y < 0) {
                break;
            }
            State t = s.copy();
            makeIn(t, y);
            if (propagate(t)) {
                enumerate(t);
            }
            Bits.clear(s.blank, y);
            Bits.set(s.undec, y);
            // y stays undefended here: a BLANK argument the IN set defends would have been forced IN already
        }
        if (Bits.isEmpty(s.mustOut)) {
            if (maximalOnly) {
                recordMaximal(s.in);
            } else {
                found.add(s.in.clone());
            }
        }
    }

    /** Forces IN every BLANK argument the IN set defends; false if an UNDEC argument is defended. */
    private boolean propagate(State t) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int x = Bits.next(t.blank, 0); x >= 0; x = Bits.next(t.blank, x + 1)) {
                if (Bits.subset(af.attackerBits(x), t.out)) {
                    makeIn(t, x);
                    changed = true;
                }
            }
        }
        for (int x = Bits.next(t.undec, 0); x >= 0; x = Bits.next(t.undec, x + 1)) {
            if (Bits.subset(af.attackerBits(x), t.out)) {
                return false;
            }
        }
        return true;
    }

    private void makeIn(State t, int y) {
        Bits.set(t.in, y);
        Bits.clear(t.blank, y);
        long[] hit = af.targetBits(y);
        long[] att = af.attackerBits(y);
        for (int k = 0; k < words; k++) {
            t.out[k] |= hit[k];
            t.blank[k] &= ~hit[k];
            t.mustOut[k] &= ~hit[k];
            t.undec[k] &= ~hit[k];
            long mo = att[k] & ~t.out[k];
            t.mustOut[k] |= mo;
            t.blank[k] &= ~mo;
            t.undec[k] &= ~mo;
        }
    }

    private boolean hopeless(State s) {
        for (int z = Bits.next(s.mustOut, 0); z >= 0; z = Bits.next(s.mustOut, z + 1)) {
            if (!Bits.intersects(af.attackerBits(z), s.blank)) {
                return true;
            }
        }
        return false;
    }

    private boolean covered(State s) {
        if (found.isEmpty()) {
            return false;
        }
        long[] reach = new long[words];
        for (int k = 0; k < words; k++) {
            reach[k] = s.in[k] | s.blank[k];
        }
        for (long[] e : found) {
            if (Bits.subset(reach, e)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A BLANK attacker of the MUST_OUT argument with fewest BLANK attackers (resolving it early prunes most), else
     * the BLANK argument attacking the most arguments; -1 when nothing is BLANK.
     */
    private int select(State s) {
        int best = -1;
        int bestCount = Integer.MAX_VALUE;
        for (int z = Bits.next(s.mustOut, 0); z >= 0; z = Bits.next(s.mustOut, z + 1)) {
            int c = Bits.countAnd(af.attackerBits(z), s.blank);
            if (c < bestCount) {
                bestCount = c;
                best = z;
            }
        }
        long[] candidates = best >= 0 ? andOf(af.attackerBits(best), s.blank) : s.blank;
        int pick = -1;
        int most = -1;
        for (int y = Bits.next(candidates, 0); y >= 0; y = Bits.next(candidates, y + 1)) {
            int d = Bits.cardinality(af.targetBits(y));
            if (d > most) {
                most = d;
                pick = y;
            }
        }
        return pick;
    }

    private long[] andOf(long[] a, long[] b) {
        long[] r = new long[words];
        for (int k = 0; k < words; k++) {
            r[k] = a[k] & b[k];
        }
        return r;
    }

    private void recordMaximal(long[] in) {
        for (long[] e : found) {
            if (Bits.subset(in, e)) {
                return;
            }
        }
        found.removeIf(e -> Bits.subset(e, in));
        found.add(in.clone());
    }
}
