package dev.parley.domain.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.Instruction;
import dev.parley.llm.InstructionLexicon;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TemperamentsTest {

    @Test
    void lexiconIsLargeDistinctAndGuided() {
        List<Temperament> lexicon = Temperaments.lexicon();
        assertThat(lexicon).hasSizeGreaterThanOrEqualTo(12);
        assertThat(lexicon.subList(0, 3)).extracting(Temperament::name)
                .containsExactly("calm", "assertive", "submissive");
        Set<List<Double>> parameters = new HashSet<>();
        parameters.add(List.of(Temperaments.BASELINE.demand(), Temperaments.BASELINE.concession(),
                Temperaments.BASELINE.acceptShare()));
        for (Temperament t : lexicon) {
            assertThat(t.guidance()).as(t.name()).isNotBlank();
            // every tone has its own offline behaviour, and none behaves exactly as the baseline
            assertThat(parameters.add(List.of(t.demand(), t.concession(), t.acceptShare()))).as(t.name()).isTrue();
        }
    }

    @Test
    void paperTonesEndWithTheBaseline() {
        assertThat(Temperaments.paperTones()).extracting(Instruction::name)
                .containsExactly("calm", "assertive", "submissive", "any");
        assertThat(Temperaments.paperTones().get(3)).isSameAs(Instruction.ANY);
    }

    @Test
    void unknownInstructionsBehaveAsTheBaselineAndLookupsAreChecked() {
        assertThat(Temperaments.of(new Instruction("jovial", "be jovial"))).isSameAs(Temperaments.BASELINE);
        assertThat(Temperaments.of(Instruction.ANY)).isSameAs(Temperaments.BASELINE);
        assertThatThrownBy(() -> Temperaments.get("jovial")).hasMessageContaining("unknown tone 'jovial'");
    }

    @Test
    void demandConcedesButNeverGoesNegative() {
        Temperament calm = Temperaments.get("calm");
        assertThat(calm.demandAfter(0)).isEqualTo(0.7);
        assertThat(calm.demandAfter(2)).isEqualTo(0.7 - 0.4);
        assertThat(calm.demandAfter(10)).isEqualTo(0.0);
    }

    @Test
    void tonesAreKnownToTheOfflineRealiser() {
        long known = Temperaments.lexicon().stream()
                .filter(t -> InstructionLexicon.find(t.name()).map(l -> l.kind().equals("tone")).orElse(false))
                .count();
        assertThat(known).isEqualTo(Temperaments.lexicon().size() - 1);
    }
}
