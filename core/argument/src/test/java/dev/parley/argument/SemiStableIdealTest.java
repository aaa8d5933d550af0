package dev.parley.argument;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Semi-stable and ideal extensions against definitions applied by brute force over every subset (frameworks of at
 * most 10 arguments): semi-stable = complete sets of maximal range; ideal = the maximal admissible set contained in
 * every preferred extension, with preferred = maximal admissible sets.
 */
class SemiStableIdealTest {

    @Test
    void agreeWithTheDefinitionsOnRandomFrameworks() {
        int checked = 0;
        for (int n = 1; n <= 10; n++) {
            for (double p : new double[] {0.1, 0.2, 0.35}) {
                for (long seed = 0; seed < 6; seed++) {
                    ArgumentationFramework af = ArgumentationFramework.random(n, p, 100 * n + seed);
                    check(af);
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(180);
    }

    private static void check(ArgumentationFramework af) {
        int n = af.size();
        List<Set<String>> admissible = new ArrayList<>();
        List<Set<String>> complete = new ArrayList<>();
        for (int mask = 0; mask < 1 << n; mask++) {
            List<String> members = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if ((mask & 1 << i) != 0) {
                    members.add(af.name(i));
                }
            }
            Extension e = af.extension(members);
            if (af.isAdmissible(e)) {
                admissible.add(Set.copyOf(members));
            }
            if (af.isComplete(e)) {
                complete.add(Set.copyOf(members));
            }
        }
        List<Set<String>> preferred = admissible.stream()
                .filter(s -> admissible.stream().noneMatch(t -> t.size() > s.size() && t.containsAll(s))).toList();
        List<Set<String>> semiStable = complete.stream()
                .filter(s -> complete.stream().noneMatch(t -> strictlyInside(range(af, s), range(af, t)))).toList();
        Set<String> common = new HashSet<>(af.arguments());
        preferred.forEach(common::retainAll);
        Set<String> ideal = admissible.stream().filter(common::containsAll)
                .max((x, y) -> Integer.compare(x.size(), y.size())).orElseThrow();

        assertThat(af.semiStableExtensions().stream().map(Extension::asSet).toList())
                .as("semi-stable of %s: %s", af, af.attackList()).containsExactlyInAnyOrderElementsOf(semiStable);
        assertThat(af.ideal().asSet()).as("ideal of %s: %s", af, af.attackList()).isEqualTo(ideal);
    }

    private static Set<String> range(ArgumentationFramework af, Set<String> s) {
        Set<String> r = new HashSet<>(s);
        for (Attack a : af.attackList()) {
            if (s.contains(a.attacker())) {
                r.add(a.attacked());
            }
        }
        return r;
    }

    private static boolean strictlyInside(Set<String> a, Set<String> b) {
        return b.size() > a.size() && b.containsAll(a);
    }
}
