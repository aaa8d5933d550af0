package dev.parley.domain.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.game.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input (issue 44, section 5): each mistake is one {@code FILE:line:column: what was expected} message at the
 * place of the mistake. Each case changes one thing in the fruit-trading example and says where the change is.
 */
class FileDomainErrorsTest {

    @TempDir
    Path dir;

    private String fruit;

    @BeforeEach
    void read() throws Exception {
        fruit = Files.readString(ExampleDomains.file("fruit-trading.yaml"));
    }

    /** Loads the example with {@code from} replaced by {@code to}; the error must be on the line holding the text. */
    private DomainFileException error(String from, String to, String lineHolding) throws Exception {
        assertThat(fruit).contains(from);
        String text = fruit.replace(from, to);
        Path file = dir.resolve("game-" + Math.abs(text.hashCode()) + ".yaml");
        Files.writeString(file, text);
        DomainFileException e = catchThrowableOfType(DomainFileException.class, () -> FileDomains.load(file));
        assertThat(e).as("no error for " + to).isNotNull();
        assertThat(e.getMessage()).startsWith(file + ":").doesNotContain("\n");
        List<String> lines = text.lines().toList();
        int line = -1;
        for (int i = 0; i < lines.size() && line < 0; i++) {
            if (lines.get(i).contains(lineHolding)) {
                line = i + 1;
            }
        }
        assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
        assertThat(e.column()).as(e.getMessage()).isPositive();
        return e;
    }

    @Test
    void aTruncatedFile() throws Exception {
        String cut = fruit.substring(0, fruit.indexOf("banana: bananas,") + "banana: bananas,".length());
        Path file = dir.resolve("cut.yaml");
        Files.writeString(file, cut);
        DomainFileException e = catchThrowableOfType(DomainFileException.class, () -> FileDomains.load(file));
        assertThat(e.getMessage()).startsWith(file + ":").contains("not valid YAML or JSON");
        assertThat(e.line()).isEqualTo((int) cut.lines().count());
    }

    @Test
    void anUnknownKey() throws Exception {
        assertThat(error("termination:\n", "termination:\n  max_turns: 4\n", "max_turns").getMessage())
                .contains("unknown key 'max_turns': expected one of max_messages, protocol_end");
    }

    @Test
    void aWrongType() throws Exception {
        assertThat(error("max_messages: 6", "max_messages: six", "max_messages").getMessage())
                .contains("expected a whole number, found the text 'six'");
    }

    @Test
    void anUnknownVariableOrFunctionInAnExpression() throws Exception {
        assertThat(error("count(content.offer.give) > 0 &&", "count(contents.offer.give) > 0 &&", "contents.offer")
                .getMessage()).contains("unknown variable or function 'contents'");
        DomainFileException peek = error("covers(my.have, answered.offer.get)", "covers(Bob.have, answered.offer.get)",
                "covers(Bob.have");
        // the planner may not read the other player's information: the name is not declared there
        assertThat(peek.getMessage()).contains("unknown variable or function 'Bob'");
        assertThat(error("kinds(Alice.have) == 2", "sorts(Alice.have) == 2", "sorts(").getMessage())
                .contains("unknown variable or function 'sorts'");
    }

    @Test
    void aPayoffExpressionThatIsNotANumber() throws Exception {
        assertThat(error("  range: [-20, 20]\n", "  range: [-20, 20]\n  Alice: agreed\n", "Alice: agreed")
                .getMessage()).contains("must give a number, but it gives bool");
    }

    @Test
    void aTemplatePlaceholderThatDoesNotTypeCheck() throws Exception {
        assertThat(error("You have ${items(my.have)}.", "You have ${items(my.value.apple)}.", "items(my.value.apple)")
                .getMessage()).contains("found no matching overload for 'items'");
    }

    @Test
    void aProtocolMoveWithNoContentDeclared() throws Exception {
        assertThat(error("  accept:\n    content:\n      terms: {quote: offer}\n", "  accept:\n    content: {}\n",
                "content: {}").getMessage())
                .contains("the protocol's move 'accept' has the content variable 'terms'");
    }

    @Test
    void aRoleTheProtocolLacks() throws Exception {
        assertThat(error("  - role: Bob", "  - role: Carol", "role: Carol").getMessage())
                .contains("the protocol FruitTrading has no player 'Carol' (its players: Alice, Bob)");
    }

    @Test
    void aDrawNoValueSatisfies() throws Exception {
        assertThat(error("      - \"kinds(Alice.have) == 2\"", "      - \"kinds(Alice.have) == 7\"", "    constraints:")
                .getMessage()).contains("no draw in 10000 attempts meets the constraints");
    }

    @Test
    void aContentSpaceOverTheCap() throws Exception {
        assertThat(error("termination:\n", "planner:\n  max_contents: 1000\ntermination:\n", "  propose: &offer")
                .getMessage()).contains("the content space of the move 'propose' has 65536 contents, more than the"
                + " cap of 1000 (planner.max_contents)");
    }

    @Test
    void aPayoffOutsideTheRangeEndsTheRunNamingTheScenarioTheDialogueAndTheValue() throws Exception {
        Path file = dir.resolve("narrow.yaml");
        Files.writeString(file, fruit.replace("range: [-20, 20]", "range: [-1, 1]"));
        Domain d = FileDomains.load(file).domain();
        DialogueGame g = DialogueGame.offline(d, d.scenarios(1, 1), DialogueGame.Settings.of(2, 1));
        assertThatThrownBy(() -> {
            for (State s : List.of(g.initialState())) {
                walk(s);
            }
        }).isInstanceOf(DomainFileException.class)
                .hasMessageMatching(java.util.regex.Pattern.quote(file.toString()) + ":\\d+:\\d+: the payoff of"
                        + " (Alice|Bob) is -?\\d+\\.\\d+, outside the declared range \\[-1, 1\\], in scenario default"
                        + " after the dialogue \\[Alice:propose, Bob:accept\\]");
    }

    @Test
    void aMoveTheHistoryLeavesEmptyEndsTheRunAtTheMove() throws Exception {
        Path file = dir.resolve("late.yaml");
        String text = fruit.replace("        message: an offer must give something and ask for something\n",
                "        message: an offer must give something and ask for something\n      - check: turn < 1\n"
                        + "        message: only the opening offer\n");
        assertThat(text).isNotEqualTo(fruit);
        Files.writeString(file, text);
        Domain d = FileDomains.load(file).domain();
        DialogueGame g = DialogueGame.offline(d, d.scenarios(1, 1), DialogueGame.Settings.of(3, 1));
        DomainFileException e = catchThrowableOfType(DomainFileException.class, () -> walk(g.initialState()));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).startsWith(file + ":").contains("the move 'counter' has no feasible content for")
                .contains("in scenario default after 1 messages").doesNotContain("\n");
        assertThat(e.line()).isPositive();
    }

    private static void walk(State s) {
        if (s.isTerminal()) {
            s.returns();
            return;
        }
        for (int a : s.legalActions()) {
            walk(s.child(a));
        }
    }
}
