package dev.parley.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingTest {

    @Test
    void aFrontEndShowsEachMentionedSettingAsItsUserWroteIt() {
        String message = "over the limit " + Setting.named("maxNodes") + " 50; raise " + Setting.named("maxNodes")
                + " or use " + Setting.named("solver") + " mccfr-os";
        assertThat(message).isEqualTo("over the limit `maxNodes` 50; raise `maxNodes` or use `solver` mccfr-os");
        Map<String, String> flags = Map.of("maxNodes", "--max-nodes", "solver", "--solver");
        assertThat(Setting.render(message, flags::get))
                .isEqualTo("over the limit --max-nodes 50; raise --max-nodes or use --solver mccfr-os");
    }

    @Test
    void aMentionTheFrontEndCannotNameStaysAsItIs() {
        assertThat(Setting.render("raise `timeout` and `this one`", f -> null))
                .isEqualTo("raise `timeout` and `this one`");
        assertThat(Setting.render(null, f -> "x")).isNull();
        assertThat(Setting.render("no mention, a $ and a \\ kept", f -> "x")).isEqualTo("no mention, a $ and a \\ kept");
        assertThat(Setting.render("`a` costs $1", f -> "$-" + f)).isEqualTo("$-a costs $1");
    }

    @Test
    void onlyAFieldNameCanBeMentioned() {
        assertThatThrownBy(() -> Setting.named("--max-nodes")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Setting.named("max nodes")).isInstanceOf(IllegalArgumentException.class);
    }
}
