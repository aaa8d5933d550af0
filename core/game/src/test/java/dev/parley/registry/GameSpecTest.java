package dev.parley.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.error.InputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GameSpecTest {

    @Test
    void readsNamesAndParametersAsOpenSpielWritesThem() {
        assertThat(GameSpec.parse("kuhn_poker")).isEqualTo(new GameSpec("kuhn_poker", Map.of()));
        GameSpec s = GameSpec.parse(" fruit_trading( scenarios=4, max_replies = 3,actions=instruction) ");
        assertThat(s.name()).isEqualTo("fruit_trading");
        assertThat(s.parameters()).containsExactly(Map.entry("scenarios", "4"), Map.entry("max_replies", "3"),
                Map.entry("actions", "instruction"));
        assertThat(s.toString()).isEqualTo("fruit_trading(scenarios=4,max_replies=3,actions=instruction)");
        assertThat(GameSpec.parse(s.toString())).isEqualTo(s);
        assertThat(GameSpec.parse("leduc_poker()").parameters()).isEmpty();
        assertThat(GameSpec.hasParameters("a(b=1)")).isTrue();
        assertThat(GameSpec.hasParameters("games/my.efg")).isFalse();
    }

    @Test
    void badSpecsNameTheColumn() {
        assertThatThrownBy(() -> GameSpec.parse("fruit_trading(scenarios=4"))
                .isInstanceOf(InputException.class)
                .hasMessage("game 'fruit_trading(scenarios=4', column 26: expected ')' at the end");
        assertThatThrownBy(() -> GameSpec.parse("g(a=1,b)"))
                .hasMessage("game 'g(a=1,b)', column 7: expected key=value, found 'b'");
        assertThatThrownBy(() -> GameSpec.parse("g(a=1,a=2)"))
                .hasMessage("game 'g(a=1,a=2)', column 7: parameter a is given twice");
        assertThatThrownBy(() -> GameSpec.parse("g(a=)"))
                .hasMessage("game 'g(a=)', column 5: parameter a has no value");
        assertThatThrownBy(() -> GameSpec.parse("(a=1)"))
                .hasMessage("game '(a=1)', column 1: expected a game name at the start");
        assertThatThrownBy(() -> GameSpec.parse("kuhn poker"))
                .hasMessage("game 'kuhn poker', column 1: expected a game name, found 'kuhn poker'");
    }

    @Test
    void suggestionsAreTheNearNames() {
        List<String> known = List.of("fruit_trading", "scheduling", "debate");
        assertThat(Suggestions.near("fruit_tradng", known)).containsExactly("fruit_trading");
        assertThat(Suggestions.near("debat", known)).containsExactly("debate");
        assertThat(Suggestions.near("chess", known)).isEmpty();
        assertThat(Suggestions.didYouMean("chess", known)).isEmpty();
        assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
    }
}
