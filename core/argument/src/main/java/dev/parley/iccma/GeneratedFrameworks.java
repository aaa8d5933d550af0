package dev.parley.iccma;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.AttackList;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Reproducible frameworks for tests and benchmarks, each with a name saying how it was made. Random ones are
 * Erdős–Rényi graphs (every ordered pair, self-attacks included, an attack with probability p); structured ones are
 * the shapes that stress a solver in known ways: chains (one long grounded propagation), odd and even cycles (no
 * stable extension, or two), k mutually attacking pairs (2^k preferred extensions), grids, trees, complete graphs.
 * Arguments are numbered 1..n as in ICCMA's i23 format.
 */
public final class GeneratedFrameworks {

    /** A framework and how it was made. */
    public record Named(String name, ArgumentationFramework framework) {
        @Override
        public String toString() {
            return name + " (" + framework.size() + " arguments, " + framework.numAttacks() + " attacks)";
        }
    }

    private GeneratedFrameworks() {
    }

    public static ArgumentationFramework random(int n, double p, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        AttackList e = new AttackList();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (rnd.nextDouble() < p) {
                    e.add(i, j);
                }
            }
        }
        return e.numbered(n);
    }

    /**
     * A sparse random framework with about {@code attacks} attacks drawn uniformly (repeats dropped), for frameworks
     * too large to visit every pair.
     */
    public static ArgumentationFramework sparse(int n, long attacks, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        AttackList e = new AttackList();
        for (long k = 0; k < attacks; k++) {
            e.add(rnd.nextInt(n), rnd.nextInt(n));
        }
        return e.numbered(n);
    }

    /** 1 → 2 → ... → n. */
    public static ArgumentationFramework chain(int n) {
        AttackList e = new AttackList();
        for (int i = 0; i + 1 < n; i++) {
            e.add(i, i + 1);
        }
        return e.numbered(n);
    }

    /** 1 → 2 → ... → n → 1. */
    public static ArgumentationFramework cycle(int n) {
        AttackList e = new AttackList();
        for (int i = 0; i < n; i++) {
            e.add(i, (i + 1) % n);
        }
        return e.numbered(n);
    }

    /** k pairs attacking each other: 2^k preferred (and stable) extensions. */
    public static ArgumentationFramework mutualPairs(int k) {
        AttackList e = new AttackList();
        for (int i = 0; i < k; i++) {
            e.add(2 * i, 2 * i + 1);
            e.add(2 * i + 1, 2 * i);
        }
        return e.numbered(2 * k);
    }

    /** Every argument attacks every other one (no self-attacks). */
    public static ArgumentationFramework complete(int n) {
        AttackList e = new AttackList();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    e.add(i, j);
                }
            }
        }
        return e.numbered(n);
    }

    /** A rows × cols grid, each cell attacking its right and lower neighbour, and with {@code mutual} back too. */
    public static ArgumentationFramework grid(int rows, int cols, boolean mutual) {
        AttackList e = new AttackList();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int a = r * cols + c;
                if (c + 1 < cols) {
                    e.add(a, a + 1);
                    if (mutual) {
                        e.add(a + 1, a);
                    }
                }
                if (r + 1 < rows) {
                    e.add(a, a + cols);
                    if (mutual) {
                        e.add(a + cols, a);
                    }
                }
            }
        }
        return e.numbered(rows * cols);
    }

    /** A random tree: each argument after the first attacks one earlier argument. */
    public static ArgumentationFramework tree(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        AttackList e = new AttackList();
        for (int i = 1; i < n; i++) {
            e.add(i, rnd.nextInt(i));
        }
        return e.numbered(n);
    }

    /**
     * The agreement suite: random frameworks of 1 to {@code maxRandom} arguments at densities 0.05 to 0.5 (several
     * seeds each), and every structured shape at small sizes, with self-attacks and an isolated argument among them.
     */
    public static List<Named> suite(int maxRandom, int seedsPerCell) {
        List<Named> r = new ArrayList<>();
        double[] densities = {0.05, 0.1, 0.2, 0.3, 0.5};
        for (int n = 1; n <= maxRandom; n++) {
            for (double p : densities) {
                for (int s = 0; s < seedsPerCell; s++) {
                    long seed = 1000L * n + 37L * s + Math.round(p * 100);
                    r.add(new Named("random n=" + n + " p=" + p + " seed=" + seed, random(n, p, seed)));
                }
            }
        }
        for (int n = 1; n <= 12; n++) {
            r.add(new Named("chain " + n, chain(n)));
            r.add(new Named("cycle " + n, cycle(n)));
            r.add(new Named("complete " + n, complete(n)));
            r.add(new Named("tree " + n, tree(n, n)));
        }
        for (int k = 1; k <= 6; k++) {
            r.add(new Named("mutual pairs " + k, mutualPairs(k)));
        }
        r.add(new Named("grid 3x4", grid(3, 4, false)));
        r.add(new Named("grid 3x3 mutual", grid(3, 3, true)));
        r.add(new Named("grid 2x5 mutual", grid(2, 5, true)));
        AttackList self = new AttackList();
        self.add(0, 0);
        self.add(0, 1);
        self.add(2, 2);
        self.add(2, 3);
        self.add(3, 2);
        r.add(new Named("self-attacks with an isolated argument", self.numbered(5)));
        r.add(new Named("empty framework", new AttackList().numbered(0)));
        return r;
    }
}
