package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.DialogueDomains;
import dev.parley.game.GameTree;
import dev.parley.game.testkit.GameConformance;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every built-in dialogue domain, as a game: the conformance kit, and no leak of another player's private
 * information or instructions into an information-state key.
 */
class DomainGamesTest {

    private static DialogueGame game(Domain d, int scenarios, int maxReplies) {
        return DialogueGame.offline(d, d.scenarios(scenarios, 7), DialogueGame.Settings.of(maxReplies, 1));
    }

    @TestFactory
    List<DynamicTest> everyDomainPassesTheConformanceKit() {
        return DialogueDomains.all().stream().map(d -> DynamicTest.dynamicTest(d.name(), () -> {
            GameConformance.Report report = GameConformance.check(game(d, 2, 3));
            assertThat(report.exhaustive()).isTrue();
            assertThat(report.infosetsSeen()).isPositive();
        })).toList();
    }

    @TestFactory
    List<DynamicTest> noPrivateInformationOrOpponentInstructionLeaks() {
        return DialogueDomains.all().stream().map(d -> DynamicTest.dynamicTest(d.name(), () -> {
            DialogueGame g = game(d, 3, 3);
            GameTree tree = GameTree.compile(g);
            List<String> instructionNames = g.instructions().stream().map(Instruction::name).toList();
            for (int i = 0; i < tree.numInfosets(); i++) {
                int p = tree.infosetPlayer(i);
                String key = tree.infosetKey(i);
                for (Scenario s : g.scenarios()) {
                    for (int q = 0; q < s.players().size(); q++) {
                        PrivateInfo other = s.player(q);
                        PrivateInfo mine = s.player(p);
                        if (q == p) {
                            continue;
                        }
                        for (String line : other.knowledge()) {
                            if (!mine.knowledge().contains(line)) {
                                assertThat(key).as("player %d's key holds player %d's private line", p, q)
                                        .doesNotContain(line);
                            }
                        }
                    }
                }
                for (String segment : key.split("\\|\\|")) {
                    if (!segment.startsWith(p + ":") && segment.matches("\\d+:.*")) {
                        for (String name : instructionNames) {
                            assertThat(segment).as("another player's instruction in player %d's key", p)
                                    .doesNotEndWith(" [" + name + "]");
                        }
                    }
                }
            }
        })).toList();
    }
}
