package dev.parley.argument;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Value-based frameworks (Bench-Capon 2003); every outcome below is derived by hand in the comments. */
class ValueBasedFrameworkTest {

    private static Set<Set<String>> sets(List<Extension> exts) {
        Set<Set<String>> r = new HashSet<>();
        exts.forEach(e -> r.add(e.asSet()));
        return r;
    }

    @Test
    void theAudienceDecidesAMutualAttack() {
        // a ↔ b; a promotes life, b promotes property
        ValueBasedFramework vaf = ValueBasedFramework.of(
                ArgumentationFramework.builder().attack("a", "b").attack("b", "a").build(),
                Map.of("a", "life", "b", "property"));
        // life > property: b's attack on a fails (a's value is preferred), so only a → b remains
        assertThat(sets(vaf.preferredExtensions(Audience.ranking("life", "property"))))
                .isEqualTo(Set.of(Set.of("a")));
        assertThat(sets(vaf.preferredExtensions(Audience.ranking("property", "life"))))
                .isEqualTo(Set.of(Set.of("b")));
        // no preferences: the plain Dung framework, two preferred extensions
        assertThat(sets(vaf.preferredExtensions(Audience.none()))).isEqualTo(Set.of(Set.of("a"), Set.of("b")));
        assertThat(vaf.objectivelyAccepted("a")).isFalse();
        assertThat(vaf.subjectivelyAccepted("a")).isTrue();
        assertThat(vaf.subjectivelyAccepted("b")).isTrue();
        assertThat(vaf.objectivelyAccepted("a", Audience.builder().prefer("life", "property").build())).isTrue();
    }

    @Test
    void aTwoValuedThreeCycleChangesWinnerWithTheAudience() {
        // The odd cycle a → b → c → a, which has only the empty preferred extension as a Dung framework, with
        // values a: L, b: L, c: P. Bench-Capon (2003) shows that for a specific audience a VAF without
        // single-valued cycles has exactly one preferred extension; this is the smallest cycle where that applies.
        //  L > P: a → b succeeds (same value), b → c succeeds (P not preferred to L), c → a fails (L preferred):
        //         defeats a → b → c, so {a, c}.
        //  P > L: a → b succeeds, b → c fails (P preferred), c → a succeeds: defeats c → a → b, so {b, c}.
        ArgumentationFramework cycle = ArgumentationFramework.builder().attack("a", "b").attack("b", "c")
                .attack("c", "a").build();
        ValueBasedFramework vaf = ValueBasedFramework.of(cycle, Map.of("a", "L", "b", "L", "c", "P"));
        assertThat(sets(cycle.preferredExtensions())).isEqualTo(Set.of(Set.of()));

        ArgumentationFramework lp = vaf.defeatGraph(Audience.ranking("L", "P"));
        assertThat(lp.attackList()).containsExactlyInAnyOrder(new Attack("a", "b"), new Attack("b", "c"));
        assertThat(sets(lp.preferredExtensions())).isEqualTo(Set.of(Set.of("a", "c")));
        assertThat(lp.grounded().asSet()).containsExactlyInAnyOrder("a", "c");

        ArgumentationFramework pl = vaf.defeatGraph(Audience.ranking("P", "L"));
        assertThat(pl.attackList()).containsExactlyInAnyOrder(new Attack("a", "b"), new Attack("c", "a"));
        assertThat(sets(pl.preferredExtensions())).isEqualTo(Set.of(Set.of("b", "c")));

        // c wins for every audience; a and b each win for one
        assertThat(vaf.objectivelyAccepted("c")).isTrue();
        assertThat(vaf.objectivelyAccepted("a")).isFalse();
        assertThat(vaf.objectivelyAccepted("b")).isFalse();
        assertThat(vaf.subjectivelyAccepted("a")).isTrue();
        assertThat(vaf.subjectivelyAccepted("b")).isTrue();
        Audience partialLp = Audience.builder().prefer("L", "P").build();
        assertThat(vaf.objectivelyAccepted("a", partialLp)).isTrue();
        assertThat(vaf.subjectivelyAccepted("b", partialLp)).isFalse();
    }

    @Test
    void anArgumentDefeatedForEveryAudienceIsNotSubjectivelyAccepted() {
        // x → y with both promoting the same value: the attack always succeeds and x is unattacked
        ValueBasedFramework vaf = ValueBasedFramework.of(
                ArgumentationFramework.builder().attack("x", "y").argument("z").build(),
                Map.of("x", "v", "y", "v", "z", "w"));
        assertThat(vaf.subjectivelyAccepted("y")).isFalse();
        assertThat(vaf.objectivelyAccepted("x")).isTrue();
        assertThat(vaf.objectivelyAccepted("z")).isTrue();
        assertThat(vaf.values()).containsExactly("v", "w");
        assertThat(vaf.valueOf("z")).isEqualTo("w");
    }

    @Test
    void audiencesAreStrictPartialOrders() {
        Audience a = Audience.builder().prefer("x", "y").prefer("y", "z").build();
        assertThat(a.prefers("x", "z")).isTrue();
        assertThat(a.prefers("z", "x")).isFalse();
        assertThat(a.isTotalOver(List.of("x", "y", "z"))).isTrue();
        assertThat(a.isTotalOver(List.of("x", "w"))).isFalse();
        Audience partial = Audience.builder().prefer("x", "y").build();
        assertThat(partial.linearExtensions(List.of("x", "y", "z"))).containsExactlyInAnyOrder(
                List.of("x", "y", "z"), List.of("x", "z", "y"), List.of("z", "x", "y"));
        assertThatThrownBy(() -> Audience.builder().prefer("x", "y").prefer("y", "x").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cyclic");
        assertThatThrownBy(() -> Audience.ranking("x", "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsMissingOrForeignValues() {
        ArgumentationFramework af = ArgumentationFramework.builder().attack("a", "b").build();
        assertThatThrownBy(() -> ValueBasedFramework.of(af, Map.of("a", "v")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("without a value: [b]");
        assertThatThrownBy(() -> ValueBasedFramework.of(af, Map.of("a", "v", "b", "v", "c", "w")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("c, which is not an argument");
    }
}
