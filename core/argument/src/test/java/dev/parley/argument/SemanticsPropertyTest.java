package dev.parley.argument;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The enumerations against an independent brute force over all subsets, on seeded random frameworks of up to 12
 * arguments (self-attacks included). The brute force works on a boolean matrix and the textbook definitions only.
 */
class SemanticsPropertyTest {

    /** Definitions straight from Dung (1995), over subsets encoded as int masks. */
    private static final class BruteForce {
        final int n;
        final boolean[][] att; // att[i][j]: i attacks j

        BruteForce(ArgumentationFramework af) {
            n = af.size();
            att = new boolean[n][n];
            for (Attack a : af.attackList()) {
                att[af.indexOf(a.attacker())][af.indexOf(a.attacked())] = true;
            }
        }

        boolean in(int s, int i) {
            return (s >> i & 1) != 0;
        }

        boolean attacksArg(int s, int b) {
            for (int c = 0; c < n; c++) {
                if (in(s, c) && att[c][b]) {
                    return true;
                }
            }
            return false;
        }

        boolean conflictFree(int s) {
            for (int i = 0; i < n; i++) {
                if (in(s, i) && attacksArg(s, i)) {
                    return false;
                }
            }
            return true;
        }

        boolean defends(int s, int a) {
            for (int b = 0; b < n; b++) {
                if (att[b][a] && !attacksArg(s, b)) {
                    return false;
                }
            }
            return true;
        }

        boolean admissible(int s) {
            if (!conflictFree(s)) {
                return false;
            }
            for (int a = 0; a < n; a++) {
                if (in(s, a) && !defends(s, a)) {
                    return false;
                }
            }
            return true;
        }

        boolean complete(int s) {
            if (!admissible(s)) {
                return false;
            }
            for (int a = 0; a < n; a++) {
                if (!in(s, a) && defends(s, a)) {
                    return false;
                }
            }
            return true;
        }

        boolean stable(int s) {
            if (!conflictFree(s)) {
                return false;
            }
            for (int a = 0; a < n; a++) {
                if (!in(s, a) && !attacksArg(s, a)) {
                    return false;
                }
            }
            return true;
        }

        Set<Integer> all(java.util.function.IntPredicate p) {
            Set<Integer> r = new HashSet<>();
            for (int s = 0; s < 1 << n; s++) {
                if (p.test(s)) {
                    r.add(s);
                }
            }
            return r;
        }

        Set<Integer> preferred() {
            Set<Integer> adm = all(this::admissible);
            Set<Integer> r = new HashSet<>();
            for (int s : adm) {
                boolean maximal = true;
                for (int t : adm) {
                    if (t != s && (s & t) == s) {
                        maximal = false;
                        break;
                    }
                }
                if (maximal) {
                    r.add(s);
                }
            }
            return r;
        }
    }

    private static int mask(Extension e) {
        int m = 0;
        for (int i : e.indices()) {
            m |= 1 << i;
        }
        return m;
    }

    private static Set<Integer> masks(List<Extension> exts) {
        Set<Integer> r = new HashSet<>();
        for (Extension e : exts) {
            r.add(mask(e));
        }
        assertThat(r).as("duplicates in %s", exts).hasSize(exts.size());
        return r;
    }

    @Test
    void enumerationsMatchTheDefinitionsOnRandomFrameworks() {
        double[] densities = {0.05, 0.1, 0.2, 0.3, 0.5};
        int checked = 0;
        int withSeveralPreferred = 0;
        int withoutStable = 0;
        for (int n = 0; n <= 12; n++) {
            for (double p : densities) {
                for (int rep = 0; rep < 8; rep++) {
                    long seed = 1000L * n + 100L * rep + Math.round(p * 100);
                    ArgumentationFramework af = ArgumentationFramework.random(n, p, seed);
                    BruteForce bf = new BruteForce(af);
                    String where = "n=" + n + " p=" + p + " seed=" + seed + " attacks=" + af.attackList();

                    Set<Integer> complete = bf.all(bf::complete);
                    Set<Integer> preferred = bf.preferred();
                    Set<Integer> stable = bf.all(bf::stable);
                    int groundedMask = complete.stream().reduce(-1, (x, y) -> x & y) & ((1 << n) - 1);

                    assertThat(mask(af.grounded())).as("grounded " + where).isEqualTo(groundedMask);
                    assertThat(masks(af.completeExtensions())).as("complete " + where).isEqualTo(complete);
                    List<Extension> pref = af.preferredExtensions();
                    assertThat(masks(pref)).as("preferred " + where).isEqualTo(preferred);
                    List<Extension> stab = af.stableExtensions();
                    assertThat(masks(stab)).as("stable " + where).isEqualTo(stable);

                    // the stated properties, checked on the enumerated sets themselves
                    for (Extension e : pref) {
                        int m = mask(e);
                        assertThat(bf.admissible(m)).as("preferred admissible " + where).isTrue();
                        for (int a = 0; a < n; a++) {
                            if (!bf.in(m, a)) {
                                int bigger = m | 1 << a;
                                // no admissible proper superset: check every superset of m
                                for (int s = bigger; s < 1 << n; s = (s + 1) | m) {
                                    assertThat(bf.admissible(s)).as("maximality " + where).isFalse();
                                }
                            }
                        }
                        assertThat(af.isAdmissible(e)).isTrue();
                    }
                    for (Extension e : stab) {
                        int m = mask(e);
                        assertThat(bf.conflictFree(m)).isTrue();
                        for (int a = 0; a < n; a++) {
                            assertThat(bf.in(m, a) || bf.attacksArg(m, a)).as("stable attacks outside " + where)
                                    .isTrue();
                        }
                    }
                    for (Extension e : af.completeExtensions()) {
                        assertThat(af.grounded().isSubsetOf(e)).as("grounded ⊆ complete " + where).isTrue();
                        assertThat(af.isComplete(e)).isTrue();
                    }
                    // grounded is also the least fixed point of F, iterated from the empty set
                    Extension g = af.extension();
                    for (Extension next = af.characteristic(g); !next.equals(g); next = af.characteristic(g)) {
                        g = next;
                    }
                    assertThat(g).isEqualTo(af.grounded());
                    checked++;
                    withSeveralPreferred += preferred.size() > 1 ? 1 : 0;
                    withoutStable += stable.isEmpty() ? 1 : 0;
                }
            }
        }
        assertThat(checked).isEqualTo(13 * 5 * 8);
        // the sample must exercise the interesting cases, or the comparison proves little
        assertThat(withSeveralPreferred).isGreaterThan(20);
        assertThat(withoutStable).isGreaterThan(20);
    }

    private static Set<Extension> masksOf(List<Extension> exts) {
        Set<Extension> r = new HashSet<>(exts);
        assertThat(r).hasSize(exts.size());
        return r;
    }

    @Test
    void preferredSearchAgreesWithMaximalCompleteExtensionsOnLargerFrameworks() {
        // the production search against an independent complete-labelling search (a test oracle) on 20-40 arguments
        for (int rep = 0; rep < 30; rep++) {
            int n = 20 + rep % 21;
            ArgumentationFramework af = ArgumentationFramework.random(n, 0.06 + 0.01 * (rep % 5), 77L + rep);
            List<Extension> complete = new ArrayList<>();
            for (long[] bits : new ReferenceCompleteSearch(af).run()) {
                complete.add(af.wrap(bits));
            }
            assertThat(masksOf(af.completeExtensions())).as("complete, rep " + rep).isEqualTo(new HashSet<>(complete));
            Set<Extension> maximal = new HashSet<>();
            for (Extension e : complete) {
                boolean max = complete.stream().noneMatch(o -> !o.equals(e) && e.isSubsetOf(o));
                if (max) {
                    maximal.add(e);
                }
            }
            assertThat(new HashSet<>(af.preferredExtensions())).as("rep " + rep).isEqualTo(maximal);
            Set<Extension> stableFromComplete = new HashSet<>();
            for (Extension e : complete) {
                if (af.isStable(e)) {
                    stableFromComplete.add(e);
                }
            }
            assertThat(new HashSet<>(af.stableExtensions())).isEqualTo(stableFromComplete);
            assertThat(Arrays.stream(complete.toArray()).filter(e -> e.equals(af.grounded())).count())
                    .isEqualTo(1);
        }
    }
}
