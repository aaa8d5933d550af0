package dev.parley.llm;

import dev.parley.error.InvalidSettingException;
import dev.parley.error.MissingSettingException;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link ChatProvider} opens a backend with.
 *
 * @param config     the settings every backend shares (model name, server, sampling, timeout, retries)
 * @param options    the values of the provider's own {@link ProviderOption}s by name, as typed; an option given
 *                   no value and without a default is absent
 * @param env        the environment, for secrets such as an API key
 * @param replayOnly the backend only names the model for a replay from the call cache, which never calls it: nothing
 *                   need be loaded or reached, and no secret is needed
 */
public record ProviderSettings(LlmConfig config, Map<String, String> options, Map<String, String> env,
        boolean replayOnly) {

    public ProviderSettings {
        Objects.requireNonNull(config, "config");
        options = Map.copyOf(options);
        env = Map.copyOf(env);
    }

    /** The value of {@code name}, or null when it has none. */
    public String text(String name) {
        return options.get(name);
    }

    /** The value of {@code name}, refusing a missing one with {@code advice} ({@code ", e.g. ..."}). */
    public String required(String name, String advice) {
        String v = options.get(name);
        if (v == null || v.isBlank()) {
            throw new MissingSettingException(name, advice);
        }
        return v;
    }

    /** A real number; a value that is not one is refused naming the setting. */
    public double real(String name) {
        return real(options, name);
    }

    public int integer(String name) {
        return integer(options, name);
    }

    public boolean toggle(String name) {
        return Boolean.parseBoolean(options.get(name));
    }

    /** {@link #real} of a plain map of values, for {@link ChatProvider#check} before anything is opened. */
    public static double real(Map<String, String> options, String name) {
        String v = present(options, name);
        try {
            return Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(name, v, "must be a number");
        }
    }

    public static int integer(Map<String, String> options, String name) {
        String v = present(options, name);
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(name, v, "must be a whole number");
        }
    }

    private static String present(Map<String, String> options, String name) {
        String v = options.get(name);
        if (v == null) {
            throw new MissingSettingException(name, "");
        }
        return v;
    }
}
