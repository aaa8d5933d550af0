package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import org.junit.jupiter.api.Test;

class DomainsCommandTest {

    @Test
    void jsonDescribesEveryDomainFromItsOwnAccessors() throws Exception {
        CliRun r = parley("domains", "--json", "--scenarios", "3");
        JsonNode domains = r.successJson().get("domains");
        assertThat(domains).hasSize(DialogueDomains.all().size());
        for (int i = 0; i < DialogueDomains.all().size(); i++) {
            Domain d = DialogueDomains.all().get(i);
            JsonNode j = domains.get(i);
            assertThat(j.get("name").asText()).isEqualTo(d.name());
            assertThat(j.get("protocol").asText()).isEqualTo(d.protocol().id());
            assertThat(j.get("roles")).extracting(JsonNode::asText).containsExactlyElementsOf(d.protocolPlayers());
            assertThat(j.at("/payoff_range/0").asDouble()).isEqualTo(d.minPayoff());
            assertThat(j.at("/payoff_range/1").asDouble()).isEqualTo(d.maxPayoff());
            assertThat(j.get("instructions")).extracting(n -> n.get("name").asText())
                    .containsExactlyElementsOf(d.instructions().stream().map(in -> in.name()).toList());
            assertThat(j.get("instructions").get(j.get("instructions").size() - 1).get("baseline").asBoolean())
                    .isTrue();
            assertThat(j.get("scenarios")).hasSize(3);
            assertThat(j.at("/scenarios/0/id").asText()).isEqualTo(d.scenarios(1, 1).get(0).id());
            assertThat(j.at("/scenarios/1/players")).hasSize(d.protocolPlayers().size());
        }
    }

    @Test
    void textShowsOneDomainWithItsDefaultScenario() {
        CliRun r = parley("domains", "fruit-trading");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("fruit-trading: protocol ").contains("roles Alice, Bob")
                .contains("payoffs in [-20, 20]").contains("calm").contains("any          (baseline: no guidance)")
                .contains("scenario default: ").contains("  Alice").contains("  Bob");
        assertThat(r.out().lines().filter(l -> l.startsWith("scenario "))).hasSize(1);
        // each piece of a player's private information on a line of its own, as the domain states it
        Domain fruit = DialogueDomains.require("fruit-trading");
        for (String k : fruit.scenarios(1, 1).get(0).players().get(0).knowledge()) {
            assertThat(r.out()).contains("  Alice:\n").contains("\n    " + k + "\n");
        }
        assertThat(r.out()).doesNotContain(".;");
    }

    @Test
    void badInputIsOneLineAndExit2() {
        CliRun unknown = parley("domains", "chess");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).isEqualTo("parley: Invalid value for positional parameter at index 0 (DOMAIN):"
                + " unknown dialogue domain 'chess'; expected one of fruit-trading, scheduling, debate, campsite,"
                + " deal-or-no-deal (try: parley domains --help)\n");
        CliRun none = parley("domains", "--scenarios", "0");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).isEqualTo("parley: --scenarios must be at least 1, got 0\n");
    }
}
