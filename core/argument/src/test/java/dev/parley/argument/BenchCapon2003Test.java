package dev.parley.argument;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The worked examples and a theorem of T. J. M. Bench-Capon, "Persuasion in practical argument using value-based
 * argumentation frameworks", Journal of Logic and Computation 13(3):429-448, 2003. The paper's answers are quoted in
 * each test with the place they come from; where a test adds a consequence the paper does not state, the comment
 * says it is derived.
 */
class BenchCapon2003Test {

    private static Set<Set<String>> sets(List<Extension> exts) {
        Set<Set<String>> r = new HashSet<>();
        exts.forEach(e -> r.add(e.asSet()));
        return r;
    }

    private static ValueBasedFramework vaf(String[][] attacks, String... argValuePairs) {
        ArgumentationFramework.Builder b = ArgumentationFramework.builder();
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < argValuePairs.length; i += 2) {
            b.argument(argValuePairs[i]);
            values.put(argValuePairs[i], argValuePairs[i + 1]);
        }
        for (String[] a : attacks) {
            b.attack(a[0], a[1]);
        }
        return ValueBasedFramework.of(b.build(), values);
    }

    @Test
    void figure2TheTwoValuedChain() {
        // Fig. 2 (p. 437): A (red) attacks B (blue), B attacks C (blue). "If red is preferred to blue the preferred
        // extension is {A, C}; if blue is preferred to red it is {A, B}": A is objectively acceptable, B and C
        // subjectively acceptable.
        ValueBasedFramework f = vaf(new String[][] {{"A", "B"}, {"B", "C"}}, "A", "red", "B", "blue", "C", "blue");
        assertThat(sets(f.preferredExtensions(Audience.ranking("red", "blue")))).isEqualTo(Set.of(Set.of("A", "C")));
        assertThat(sets(f.preferredExtensions(Audience.ranking("blue", "red")))).isEqualTo(Set.of(Set.of("A", "B")));
        assertThat(f.acceptance(Audience.none())).containsExactly(Map.entry("A", Acceptance.OBJECTIVE),
                Map.entry("B", Acceptance.SUBJECTIVE), Map.entry("C", Acceptance.SUBJECTIVE));
        assertThat(f.audienceCount(Audience.none())).isEqualTo(2);
    }

    @Test
    void halAndCarlaAsColemanArguesIt() {
        // Section 7 (pp. 442-443): A (life) "Hal may take the insulin", B (property) "Hal may not take Carla's
        // property", C (property) "Hal may take it if he compensates Carla"; C attacks B, B attacks A. Both A and C
        // are objectively acceptable. (B is then in no preferred extension for either audience: indefensible,
        // derived: C is unattacked and defeats B, which has the same value.)
        ValueBasedFramework f = vaf(new String[][] {{"C", "B"}, {"B", "A"}}, "A", "life", "B", "property",
                "C", "property");
        assertThat(f.acceptance(Audience.none())).containsExactly(Map.entry("A", Acceptance.OBJECTIVE),
                Map.entry("B", Acceptance.INDEFENSIBLE), Map.entry("C", Acceptance.OBJECTIVE));
    }

    @Test
    void halAndCarlaWithChristiesReply() {
        // Section 7 (p. 443): Christie's D (life) attacks C. C becomes subjectively acceptable: accepted if property
        // is preferred to life; if life is preferred, C is defeated by D and B is accepted; A stays objectively
        // acceptable. (D, unattacked, is objectively acceptable: derived.)
        ValueBasedFramework f = vaf(new String[][] {{"C", "B"}, {"B", "A"}, {"D", "C"}}, "A", "life", "B", "property",
                "C", "property", "D", "life");
        assertThat(sets(f.preferredExtensions(Audience.ranking("property", "life"))))
                .isEqualTo(Set.of(Set.of("A", "C", "D")));
        assertThat(sets(f.preferredExtensions(Audience.ranking("life", "property"))))
                .isEqualTo(Set.of(Set.of("A", "B", "D")));
        assertThat(f.acceptance(Audience.none())).containsExactly(Map.entry("A", Acceptance.OBJECTIVE),
                Map.entry("B", Acceptance.SUBJECTIVE), Map.entry("C", Acceptance.SUBJECTIVE),
                Map.entry("D", Acceptance.OBJECTIVE));
        // an audience that already prefers life leaves C out for good
        assertThat(f.acceptance(Audience.parse("life>property")).get("C")).isEqualTo(Acceptance.INDEFENSIBLE);
    }

    /**
     * Theorem 6.4 (p. 438): for every audience, a framework with no cycle whose arguments all promote one value has
     * exactly one preferred extension, and it is not empty. Its proof also gives that the defeat graph is acyclic, so
     * the extension is the grounded one and is stable. Checked for every total order of the values of 300 random
     * frameworks built without single-valued cycles (a same-valued attack only goes from a lower to a higher index;
     * attacks between values go either way, so multi-valued cycles abound).
     */
    @Test
    void theorem64UniqueNonEmptyPreferredExtensionWithoutSingleValuedCycles() {
        SplittableRandom rnd = new SplittableRandom(2003);
        int orders = 0;
        int cyclicAttackGraphs = 0;
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + rnd.nextInt(10);
            int k = 1 + rnd.nextInt(4);
            double p = 0.1 + 0.4 * rnd.nextDouble();
            String[] value = new String[n];
            ArgumentationFramework.Builder b = ArgumentationFramework.builder();
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                value[i] = "v" + rnd.nextInt(k);
                b.argument("a" + i);
                values.put("a" + i, value[i]);
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    boolean allowed = i != j && (!value[i].equals(value[j]) || i < j);
                    if (allowed && rnd.nextDouble() < p) {
                        b.attack("a" + i, "a" + j);
                    }
                }
            }
            ValueBasedFramework f = ValueBasedFramework.of(b.build(), values);
            if (f.framework().preferredExtensions().size() > 1 || !f.framework().grounded()
                    .equals(f.framework().preferredExtensions().get(0))) {
                cyclicAttackGraphs++;
            }
            for (List<String> order : Audience.none().linearExtensions(f.values())) {
                orders++;
                ArgumentationFramework d = f.defeatGraph(Audience.ranking(order));
                List<Extension> preferred = d.preferredExtensions();
                assertThat(preferred).as("trial %d, %s", trial, order).hasSize(1);
                assertThat(preferred.get(0).size()).as("trial %d, %s", trial, order).isPositive();
                assertThat(preferred.get(0)).isEqualTo(d.grounded());
                assertThat(sets(d.stableExtensions())).isEqualTo(sets(preferred));
            }
        }
        // the theorem has teeth only if the attack graphs themselves are often not so well behaved
        assertThat(cyclicAttackGraphs).isGreaterThan(30);
        assertThat(orders).isGreaterThan(600);
    }

    /** The one-pass acceptance agrees with asking argument by argument, on random frameworks and partial audiences. */
    @Test
    void acceptanceOfAllAgreesWithAskingOneByOne() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int trial = 0; trial < 120; trial++) {
            int n = 1 + rnd.nextInt(8);
            int k = 1 + rnd.nextInt(4);
            ArgumentationFramework af = ArgumentationFramework.random(n, 0.3, rnd.nextLong());
            Map<String, String> values = new LinkedHashMap<>();
            af.arguments().forEach(a -> values.put(a, "v" + rnd.nextInt(k)));
            ValueBasedFramework f = ValueBasedFramework.of(af, values);
            List<String> vs = new ArrayList<>(f.values());
            Audience partial = vs.size() >= 2 && rnd.nextBoolean()
                    ? Audience.builder().prefer(vs.get(0), vs.get(1)).build() : Audience.none();
            Map<String, Acceptance> all = f.acceptance(partial);
            for (String a : af.arguments()) {
                Acceptance expected = f.objectivelyAccepted(a, partial) ? Acceptance.OBJECTIVE
                        : f.subjectivelyAccepted(a, partial) ? Acceptance.SUBJECTIVE : Acceptance.INDEFENSIBLE;
                assertThat(all.get(a)).as("trial %d, %s", trial, a).isEqualTo(expected);
            }
        }
    }

    @Test
    void audiencesParseAsChains() {
        Audience a = Audience.parse(" fact > life>property , x>y");
        assertThat(a.prefers("fact", "property")).isTrue();
        assertThat(a.prefers("x", "y")).isTrue();
        assertThat(a.prefers("life", "x")).isFalse();
        assertThat(a.and(Audience.parse("property>x")).prefers("fact", "y")).isTrue();
        for (String bad : List.of("life", "a>>b", "a>b,", "a>b>a")) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> Audience.parse(bad))
                    .as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
