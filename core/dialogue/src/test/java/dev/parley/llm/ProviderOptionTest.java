package dev.parley.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.error.InvalidSettingException;
import dev.parley.error.MissingSettingException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A provider's options: named as fields, switches off unless given, values parsed with the setting named. */
class ProviderOptionTest {

    @Test
    void anOptionIsNamedAsAFieldAndASwitchIsOffUnlessGiven() {
        assertThatThrownBy(() -> new ProviderOption("top-p", "P", "d", "1"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ProviderOption("reuse", "", "d", "true"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(ProviderOption.toggle("reuse", "d").takesValue()).isFalse();
        assertThat(new ProviderOption("topP", "P", "d", null).takesValue()).isTrue();
    }

    @Test
    void theDefaultsAreThoseOfTheOptionsThatHaveOne() {
        ChatProvider p = new ChatProvider() {
            @Override
            public String name() {
                return "p";
            }

            @Override
            public List<ProviderOption> options() {
                return List.of(new ProviderOption("file", "F", "d", null), new ProviderOption("topP", "P", "d", "0.9"),
                        ProviderOption.toggle("reuse", "d"));
            }

            @Override
            public ChatBackend open(ProviderSettings settings) {
                throw new UnsupportedOperationException();
            }
        };
        assertThat(p.defaults()).containsExactly(Map.entry("topP", "0.9"), Map.entry("reuse", "false"));
    }

    @Test
    void valuesAreParsedNamingTheSettingAndTheValueAsTyped() {
        LlmConfig config = new LlmConfig("p", "http://x", "", 1, null, 10, Duration.ofSeconds(1), 0, Duration.ZERO,
                null);
        ProviderSettings s = new ProviderSettings(config, Map.of("topP", "0.50", "slots", "2", "reuse", "true",
                "bad", "often"), Map.of(), false);
        assertThat(s.real("topP")).isEqualTo(0.5);
        assertThat(s.integer("slots")).isEqualTo(2);
        assertThat(s.toggle("reuse")).isTrue();
        assertThat(s.toggle("absent")).isFalse();
        assertThatThrownBy(() -> s.real("bad")).isInstanceOf(InvalidSettingException.class)
                .hasMessage("bad must be a number, got often");
        assertThatThrownBy(() -> s.integer("topP")).hasMessage("topP must be a whole number, got 0.50");
        assertThatThrownBy(() -> s.required("file", ", e.g. m.gguf")).isInstanceOf(MissingSettingException.class)
                .hasMessage("`file` is not set, e.g. m.gguf");
    }
}
