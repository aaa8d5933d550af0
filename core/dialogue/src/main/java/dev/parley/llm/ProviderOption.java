package dev.parley.llm;

import dev.parley.error.Setting;
import java.util.Objects;

/**
 * One setting a {@link ChatProvider} owns (llama.cpp's model file, its top-p), declared so that a front end can offer
 * it without knowing the provider: the command line shows {@code topP} as {@code --top-p P} under the provider's own
 * heading. Values travel as the user typed them, and the provider parses and checks them ({@link ProviderSettings}),
 * so a refusal can repeat the value exactly as given.
 *
 * @param name         the setting's field name ({@code topP}); the command line's flag is its kebab case
 * @param label        what the value is ({@code P}, {@code FILE.gguf}); empty for a switch, which takes no value
 * @param description  one or two sentences for the help
 * @param defaultValue the value when none is given, as typed ({@code 0.95}); null for none. A setting without a
 *                     default is the machine's (a file, an address), so the command line also reads it from the
 *                     environment and the config file
 */
public record ProviderOption(String name, String label, String description, String defaultValue) {

    public ProviderOption {
        Setting.named(name); // a field name, or it cannot be named in messages
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(description, "description");
        if (label.isEmpty() && !"false".equals(defaultValue)) {
            throw new IllegalArgumentException(name + ": a switch is off unless given");
        }
    }

    /** A switch: off by default, on when given. */
    public static ProviderOption toggle(String name, String description) {
        return new ProviderOption(name, "", description, "false");
    }

    /** Whether the option takes a value (a switch does not). */
    public boolean takesValue() {
        return !label.isEmpty();
    }
}
