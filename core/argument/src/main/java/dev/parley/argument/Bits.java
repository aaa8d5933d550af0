package dev.parley.argument;

/** Fixed-width bitsets over {@code long[]}: the inner loops of the semantics run on these, allocation-free. */
final class Bits {

    private Bits() {
    }

    static int words(int n) {
        return (n + 63) >>> 6;
    }

    static boolean get(long[] b, int i) {
        return (b[i >>> 6] & (1L << i)) != 0;
    }

    static void set(long[] b, int i) {
        b[i >>> 6] |= 1L << i;
    }

    static void clear(long[] b, int i) {
        b[i >>> 6] &= ~(1L << i);
    }

    static boolean intersects(long[] a, long[] b) {
        for (int k = 0; k < a.length; k++) {
            if ((a[k] & b[k]) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code a ⊆ b}. */
    static boolean subset(long[] a, long[] b) {
        for (int k = 0; k < a.length; k++) {
            if ((a[k] & ~b[k]) != 0) {
                return false;
            }
        }
        return true;
    }

    static boolean isEmpty(long[] a) {
        for (long w : a) {
            if (w != 0) {
                return false;
            }
        }
        return true;
    }

    static int cardinality(long[] a) {
        int c = 0;
        for (long w : a) {
            c += Long.bitCount(w);
        }
        return c;
    }

    /** Next set bit at or after {@code from}, or -1. */
    static int next(long[] a, int from) {
        int k = from >>> 6;
        if (k >= a.length) {
            return -1;
        }
        long w = a[k] & (-1L << from);
        while (true) {
            if (w != 0) {
                return (k << 6) + Long.numberOfTrailingZeros(w);
            }
            if (++k == a.length) {
                return -1;
            }
            w = a[k];
        }
    }

    /** Number of bits in {@code a & ~b}. */
    static int countAndNot(long[] a, long[] b) {
        int c = 0;
        for (int k = 0; k < a.length; k++) {
            c += Long.bitCount(a[k] & ~b[k]);
        }
        return c;
    }

    /** Number of bits in {@code a & b}. */
    static int countAnd(long[] a, long[] b) {
        int c = 0;
        for (int k = 0; k < a.length; k++) {
            c += Long.bitCount(a[k] & b[k]);
        }
        return c;
    }
}
