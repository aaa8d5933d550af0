package dev.parley.argument;

import java.util.ArrayList;
import java.util.List;

/**
 * Test oracle, independent of the production search: enumerates complete labellings (Caminada 2006): every argument is IN iff all its attackers are OUT, OUT iff some
 * attacker is IN, UNDEC otherwise. Depth-first search over IN / OUT / UNDEC for one unlabelled argument at a time,
 * with the labelling rules applied as constraint propagation after every choice, so forced labels (starting with the
 * grounded labelling) never branch. Distinct leaves differ on a branched argument, so each complete extension is
 * produced exactly once.
 */
final class ReferenceCompleteSearch {

    private final ArgumentationFramework af;
    private final int n;
    private final int words;
    private final List<long[]> found = new ArrayList<>();

    ReferenceCompleteSearch(ArgumentationFramework af) {
        this.af = af;
        this.n = af.size();
        this.words = af.words();
    }

    List<long[]> run() {
        long[] in = new long[words];
        long[] out = new long[words];
        long[] undec = new long[words];
        if (propagate(in, out, undec)) {
            search(in, out, undec);
        }
        return found;
    }

    private void search(long[] in, long[] out, long[] undec) {
        int x = mostConstrained(in, out, undec);
        if (x < 0) {
            found.add(in);
            return;
        }
        for (int label = 0; label < 3; label++) {
            long[] i2 = in.clone();
            long[] o2 = out.clone();
            long[] u2 = undec.clone();
            Bits.set(label == 0 ? i2 : label == 1 ? o2 : u2, x);
            if (propagate(i2, o2, u2)) {
                search(i2, o2, u2);
            }
        }
    }

    /** The unlabelled argument with fewest unlabelled attackers (most constrained first); -1 if none. */
    private int mostConstrained(long[] in, long[] out, long[] undec) {
        long[] labelled = new long[words];
        for (int k = 0; k < words; k++) {
            labelled[k] = in[k] | out[k] | undec[k];
        }
        int best = -1;
        int bestFree = Integer.MAX_VALUE;
        for (int x = 0; x < n; x++) {
            if (!Bits.get(labelled, x)) {
                int free = Bits.countAndNot(af.attackerBits(x), labelled);
                if (free < bestFree) {
                    bestFree = free;
                    best = x;
                }
            }
        }
        return best;
    }

    /** Applies the labelling rules to a fixed point; false when some argument's label cannot be satisfied. */
    private boolean propagate(long[] in, long[] out, long[] undec) {
        long[] labelled = new long[words];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = 0; k < words; k++) {
                labelled[k] = in[k] | out[k] | undec[k];
            }
            for (int x = 0; x < n; x++) {
                long[] att = af.attackerBits(x);
                boolean anyIn = Bits.intersects(att, in);
                boolean anyUndec = Bits.intersects(att, undec);
                int free = Bits.countAndNot(att, labelled);
                if (Bits.get(in, x)) {
                    if (anyIn || anyUndec) {
                        return false;
                    }
                    if (free > 0) {
                        setFreeAttackers(att, labelled, out);
                        changed = true;
                    }
                } else if (Bits.get(out, x)) {
                    if (!anyIn) {
                        if (free == 0) {
                            return false;
                        }
                        if (free == 1) {
                            setFreeAttackers(att, labelled, in);
                            changed = true;
                        }
                    }
                } else if (Bits.get(undec, x)) {
                    if (anyIn) {
                        return false;
                    }
                    if (!anyUndec) {
                        if (free == 0) {
                            return false;
                        }
                        if (free == 1) {
                            // the one attacker that may still keep x undecided can be neither IN nor OUT
                            setFreeAttackers(att, labelled, undec);
                            changed = true;
                        }
                    }
                } else if (anyIn) {
                    Bits.set(out, x);
                    Bits.set(labelled, x);
                    changed = true;
                } else if (free == 0) {
                    Bits.set(anyUndec ? undec : in, x);
                    Bits.set(labelled, x);
                    changed = true;
                }
            }
        }
        return true;
    }

    private void setFreeAttackers(long[] att, long[] labelled, long[] target) {
        for (int k = 0; k < words; k++) {
            long f = att[k] & ~labelled[k];
            target[k] |= f;
            labelled[k] |= f;
        }
    }
}
