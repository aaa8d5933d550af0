package dev.parley.domain.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.domain.scheduling.MeetingScheduling;
import dev.parley.game.State;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The paper's domains as files score exactly as the Java domains do: every terminal of the Java domain's compiled
 * tree (the default scenario and 10 seeded draws, its verified contents) is replayed through the file's payoff
 * expressions, and every payoff must equal the Java scorer's, bit for bit. The trees must hold agreements, or the
 * comparison would say nothing.
 */
class FileDomainParityTest {

    static List<Arguments> pairs() {
        return List.of(Arguments.of(FruitTrading.domain(), "fruit-trading.yaml"),
                Arguments.of(MeetingScheduling.domain(), "scheduling.yaml"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("pairs")
    void everyTerminalOfTheJavaTreeScoresTheSameThroughTheFile(Domain java, String file) {
        Path path = ExampleDomains.file(file);
        Domain fromFile = FileDomains.load(path).domain();
        List<Scenario> scenarios = java.scenarios(11, 7);
        DialogueGame g = DialogueGame.offline(java, scenarios, DialogueGame.Settings.of(4, 1));
        int terminals = 0;
        int agreed = 0;
        ArrayDeque<State> stack = new ArrayDeque<>();
        stack.push(g.initialState());
        while (!stack.isEmpty()) {
            State s = stack.pop();
            if (!s.isTerminal()) {
                for (int a : s.legalActions()) {
                    stack.push(s.child(a));
                }
                continue;
            }
            terminals++;
            Scenario sc = g.scenario(s);
            double[] expected = java.scorer().score(sc, g.transcript(s));
            double[] actual = fromFile.scorer().score(sc, g.transcript(s));
            assertThat(actual).as("%s, scenario %s, %s", file, sc.id(), g.transcript(s)).containsExactly(expected);
            boolean any = false;
            for (double v : expected) {
                any |= v != 0;
            }
            if (any) {
                agreed++;
            }
        }
        System.out.printf("%s: %d terminals of the Java tree (11 scenarios, 4 messages), %d with a non-zero payoff,"
                + " every payoff equal%n", file, terminals, agreed);
        assertThat(terminals).isGreaterThan(100);
        assertThat(agreed).as("terminals with an agreement worth something").isGreaterThan(terminals / 20);
    }
}
