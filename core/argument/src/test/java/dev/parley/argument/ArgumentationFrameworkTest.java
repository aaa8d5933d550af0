package dev.parley.argument;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Textbook frameworks with extensions worked out by hand. Notation in comments: "x → y" means x attacks y.
 */
class ArgumentationFrameworkTest {

    private static Set<Set<String>> sets(List<Extension> exts) {
        Set<Set<String>> r = new HashSet<>();
        for (Extension e : exts) {
            r.add(e.asSet());
        }
        assertThat(r).as("no extension is listed twice").hasSize(exts.size());
        return r;
    }

    private static Set<Set<String>> of(Set<String>... sets) {
        return new HashSet<>(List.of(sets));
    }

    @Test
    void chainReinstatesTheArgumentItsDefenderProtects() {
        // a ← b ← c, i.e. c → b and b → a: c is unattacked (in), so b is out, so a is reinstated (in)
        ArgumentationFramework af = ArgumentationFramework.builder().argument("a").attack("b", "a")
                .attack("c", "b").build();
        assertThat(af.grounded().asSet()).containsExactlyInAnyOrder("a", "c");
        assertThat(sets(af.completeExtensions())).isEqualTo(of(Set.of("a", "c")));
        assertThat(sets(af.preferredExtensions())).isEqualTo(of(Set.of("a", "c")));
        assertThat(sets(af.stableExtensions())).isEqualTo(of(Set.of("a", "c")));
        assertThat(af.scepticallyAccepted("a", Semantics.GROUNDED)).isTrue();
        assertThat(af.credulouslyAccepted("b", Semantics.PREFERRED)).isFalse();
    }

    @Test
    void evenCycleHasEmptyGroundedAndTwoPreferredAndStable() {
        // Dung's (1995) Nixon diamond: a (anti-pacifist since republican) ↔ b (pacifist since quaker)
        ArgumentationFramework af = ArgumentationFramework.builder().attack("a", "b").attack("b", "a").build();
        assertThat(af.grounded().isEmpty()).isTrue();
        assertThat(sets(af.completeExtensions())).isEqualTo(of(Set.of(), Set.of("a"), Set.of("b")));
        assertThat(sets(af.preferredExtensions())).isEqualTo(of(Set.of("a"), Set.of("b")));
        assertThat(sets(af.stableExtensions())).isEqualTo(of(Set.of("a"), Set.of("b")));
        assertThat(af.credulouslyAccepted("a", Semantics.PREFERRED)).isTrue();
        assertThat(af.scepticallyAccepted("a", Semantics.PREFERRED)).isFalse();
        assertThat(af.credulouslyAccepted("a", Semantics.GROUNDED)).isFalse();
    }

    @Test
    void oddCycleHasOnlyTheEmptyPreferredExtensionAndNoStable() {
        // a → b → c → a
        ArgumentationFramework af = ArgumentationFramework.builder().attack("a", "b").attack("b", "c")
                .attack("c", "a").build();
        assertThat(af.grounded().isEmpty()).isTrue();
        assertThat(sets(af.completeExtensions())).isEqualTo(of(Set.of()));
        assertThat(sets(af.preferredExtensions())).isEqualTo(of(Set.of()));
        assertThat(af.stableExtensions()).isEmpty();
        assertThat(af.credulouslyAccepted("a", Semantics.STABLE)).isFalse();
        // vacuous truth with no stable extension (ICCMA's convention, documented)
        assertThat(af.scepticallyAccepted("a", Semantics.STABLE)).isTrue();
    }

    @Test
    void anUnattackedAttackerBreaksTheOddCycle() {
        // a → b → c → a and d → a: d in, a out, b in (its only attacker is out), c out
        ArgumentationFramework af = ArgumentationFramework.builder().attack("a", "b").attack("b", "c")
                .attack("c", "a").attack("d", "a").build();
        assertThat(af.grounded().asSet()).containsExactlyInAnyOrder("b", "d");
        assertThat(sets(af.preferredExtensions())).isEqualTo(of(Set.of("b", "d")));
        assertThat(sets(af.stableExtensions())).isEqualTo(of(Set.of("b", "d")));
    }

    @Test
    void selfAttackingArgumentsAreNeverAccepted() {
        ArgumentationFramework alone = ArgumentationFramework.builder().attack("a", "a").build();
        assertThat(alone.grounded().isEmpty()).isTrue();
        assertThat(sets(alone.preferredExtensions())).isEqualTo(of(Set.of()));
        assertThat(alone.stableExtensions()).isEmpty();

        // a → a, a → b: nothing defends b against a, and {} does not attack a, so no stable extension
        ArgumentationFramework attacking = ArgumentationFramework.builder().attack("a", "a").attack("a", "b").build();
        assertThat(attacking.grounded().isEmpty()).isTrue();
        assertThat(sets(attacking.preferredExtensions())).isEqualTo(of(Set.of()));
        assertThat(attacking.stableExtensions()).isEmpty();

        // a → a, b → a: b is unattacked and knocks a out
        ArgumentationFramework attacked = ArgumentationFramework.builder().attack("a", "a").attack("b", "a").build();
        assertThat(attacked.grounded().asSet()).containsExactly("b");
        assertThat(sets(attacked.stableExtensions())).isEqualTo(of(Set.of("b")));
    }

    @Test
    void floatingReinstatementIsScepticallyPreferredButNotGrounded() {
        // a ↔ b, a → c, b → c, c → d: whichever of a, b wins, c is out and d is in
        ArgumentationFramework af = ArgumentationFramework.builder().attack("a", "b").attack("b", "a")
                .attack("a", "c").attack("b", "c").attack("c", "d").build();
        assertThat(af.grounded().isEmpty()).isTrue();
        assertThat(sets(af.completeExtensions())).isEqualTo(of(Set.of(), Set.of("a", "d"), Set.of("b", "d")));
        assertThat(sets(af.preferredExtensions())).isEqualTo(of(Set.of("a", "d"), Set.of("b", "d")));
        assertThat(sets(af.stableExtensions())).isEqualTo(of(Set.of("a", "d"), Set.of("b", "d")));
        assertThat(af.scepticallyAccepted("d", Semantics.PREFERRED)).isTrue();
        assertThat(af.scepticallyAccepted("d", Semantics.GROUNDED)).isFalse();
        assertThat(af.scepticallyAccepted("d", Semantics.COMPLETE)).isFalse();
    }

    @Test
    void evenFourCycle() {
        // a → b → c → d → a
        ArgumentationFramework af = ArgumentationFramework.builder().attack("a", "b").attack("b", "c")
                .attack("c", "d").attack("d", "a").build();
        assertThat(af.grounded().isEmpty()).isTrue();
        assertThat(sets(af.completeExtensions())).isEqualTo(of(Set.of(), Set.of("a", "c"), Set.of("b", "d")));
        assertThat(sets(af.preferredExtensions())).isEqualTo(of(Set.of("a", "c"), Set.of("b", "d")));
        assertThat(sets(af.stableExtensions())).isEqualTo(of(Set.of("a", "c"), Set.of("b", "d")));
    }

    @Test
    void aPreferredExtensionNeedNotBeStable() {
        // a ↔ b, b → c, c → c: {a} is preferred but leaves c unattacked; only {b} is stable
        ArgumentationFramework af = ArgumentationFramework.builder().attack("a", "b").attack("b", "a")
                .attack("b", "c").attack("c", "c").build();
        assertThat(sets(af.completeExtensions())).isEqualTo(of(Set.of(), Set.of("a"), Set.of("b")));
        assertThat(sets(af.preferredExtensions())).isEqualTo(of(Set.of("a"), Set.of("b")));
        assertThat(sets(af.stableExtensions())).isEqualTo(of(Set.of("b")));
    }

    @Test
    void characteristicFunctionAndSetPredicates() {
        ArgumentationFramework af = ArgumentationFramework.builder().argument("a").attack("b", "a")
                .attack("c", "b").build();
        // F(∅) = unattacked = {c}; F({c}) = {a, c}; F({a, c}) = {a, c}
        assertThat(af.characteristic(af.extension()).asSet()).containsExactly("c");
        assertThat(af.characteristic(af.extension("c")).asSet()).containsExactlyInAnyOrder("a", "c");
        assertThat(af.isAdmissible(af.extension("c"))).isTrue();
        assertThat(af.isComplete(af.extension("c"))).isFalse();
        assertThat(af.isComplete(af.extension("a", "c"))).isTrue();
        assertThat(af.isConflictFree(af.extension("b", "c"))).isFalse();
        assertThat(af.isAdmissible(af.extension("a"))).isFalse();
        assertThat(af.isStable(af.extension("a", "c"))).isTrue();
    }

    @Test
    void structureAndInputChecks() {
        ArgumentationFramework af = ArgumentationFramework.of(List.of("x", "y", "z"),
                List.of(new Attack("x", "y"), new Attack("x", "y"), new Attack("z", "x")));
        assertThat(af.size()).isEqualTo(3);
        assertThat(af.numAttacks()).isEqualTo(1 + 1);
        assertThat(af.attackList()).containsExactly(new Attack("x", "y"), new Attack("z", "x"));
        assertThat(af.attackersOf("x")).containsExactly("z");
        assertThat(af.attacks("x", "y")).isTrue();
        assertThat(af.attacks("y", "x")).isFalse();
        assertThatThrownBy(() -> ArgumentationFramework.of(List.of("x"), List.of(new Attack("x", "w"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("w, which is not an argument");
        assertThat(af.grounded().contains("w")).isFalse();
        assertThatThrownBy(() -> af.scepticallyAccepted("w", Semantics.GROUNDED))
                .isInstanceOf(IllegalArgumentException.class);
        ArgumentationFramework other = ArgumentationFramework.builder().argument("p").build();
        assertThatThrownBy(() -> af.isAdmissible(other.extension("p")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another framework");
        ArgumentationFramework empty = ArgumentationFramework.of(List.of(), List.of());
        assertThat(sets(empty.preferredExtensions())).isEqualTo(of(Set.of()));
        assertThat(sets(empty.completeExtensions())).isEqualTo(of(Set.of()));
        assertThat(sets(empty.stableExtensions())).isEqualTo(of(Set.of()));
    }

    @Test
    void groundedWorksAcrossWordBoundaries() {
        // a chain of 150 arguments a0 ← a1 ← ... ← a149: exactly the even distances from the unattacked end are in
        ArgumentationFramework.Builder b = ArgumentationFramework.builder();
        for (int i = 0; i < 150; i++) {
            b.argument("a" + i);
        }
        for (int i = 1; i < 150; i++) {
            b.attack("a" + i, "a" + (i - 1));
        }
        ArgumentationFramework af = b.build();
        List<String> expected = new ArrayList<>();
        for (int i = 149; i >= 0; i -= 2) {
            expected.add("a" + i);
        }
        assertThat(af.grounded().asSet()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(af.preferredExtensions()).containsExactly(af.grounded());
        assertThat(af.completeExtensions()).containsExactly(af.grounded());
    }
}
