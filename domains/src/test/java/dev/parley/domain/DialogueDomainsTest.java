package dev.parley.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Scenario;
import dev.parley.registry.UnknownNameException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DialogueDomainsTest {

    @Test
    void everyDomainIsFoundByNameAndWellFormed() {
        List<Domain> all = DialogueDomains.all();
        assertThat(all).extracting(Domain::name).containsExactly("fruit-trading", "scheduling", "debate", "campsite",
                "deal-or-no-deal");
        for (Domain d : all) {
            assertThat(DialogueDomains.find(d.name())).get().extracting(Domain::name).isEqualTo(d.name());
            List<Instruction> instructions = d.instructions();
            assertThat(instructions.get(instructions.size() - 1)).isEqualTo(Instruction.ANY);
            assertThat(instructions.subList(0, instructions.size() - 1)).noneMatch(Instruction::isBaseline);
            assertThat(d.instructionLexicon()).hasSizeGreaterThanOrEqualTo(12).noneMatch(Instruction::isBaseline);
            assertThat(d.minPayoff()).isLessThan(d.maxPayoff());
            assertThat(d.protocol().players()).extracting(p -> p.id()).containsExactlyElementsOf(d.protocolPlayers());
            List<Scenario> scenarios = d.scenarios(6, 1);
            assertThat(scenarios).hasSize(6).allSatisfy(s -> assertThat(s.players()).hasSize(2));
            // the first scenario is the domain's default, whatever the seed ("default", or a recorded dialogue's id)
            assertThat(scenarios.get(0)).isEqualTo(d.scenarios(1, 99).get(0));
            assertThat(d.prompts().background()).isNotBlank();
            assertThat(d.prompts().rewardQuery()).isNotBlank();
            assertThat(d.prompts().extractionQuery()).isNotBlank();
        }
        assertThat(DialogueDomains.find("chess")).isEmpty();
    }

    @Test
    void theRegistriesShareOneShape() {
        assertThat(DialogueDomains.names()).containsExactly("fruit-trading", "scheduling", "debate", "campsite",
                "deal-or-no-deal");
        assertThat(DialogueDomains.require("debate").name()).isEqualTo("debate");
        assertThatThrownBy(() -> DialogueDomains.require("chess")).isInstanceOf(UnknownNameException.class)
                .hasMessage("unknown dialogue domain 'chess'; expected one of fruit-trading, scheduling, debate, campsite, deal-or-no-deal");
        // a domain's game name (Games) finds the domain too
        assertThat(DialogueDomains.require("fruit_trading").name()).isEqualTo("fruit-trading");
    }
}
