package dev.parley.cli;

import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.ProviderOption;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where a model is reached when no flag says: the environment ({@code PARLEY_BASE_URL}, {@code PARLEY_MODEL},
 * {@code PARLEY_API_KEY_ENV}), then the config file ({@code base_url}, {@code model}, {@code api_key_env}), then the
 * built-in defaults. Flags override all of them, so a command line always means the same thing. A provider's option
 * without a default (llama.cpp's {@code modelFile}) is the machine's too, and is found the same way
 * ({@code PARLEY_MODEL_FILE}, {@code model_file}): {@link #providerSetting}.
 *
 * @param baseUrl   the OpenAI-compatible server
 * @param model     the model name, or null when nothing names one
 * @param apiKeyEnv the environment variable holding the API key
 */
record ModelSettings(String baseUrl, String model, String apiKeyEnv) {

    static final String DEFAULT_API_KEY_ENV = "OPENAI_API_KEY";
    /** The settings every backend shares that are the machine's, by field. */
    private static final Set<String> SHARED = Set.of("baseUrl", "model", "apiKeyEnv");
    /** The config file's keys: the shared settings' and those of the providers' options without a default. */
    private static final Set<String> KEYS = keys();

    private static Set<String> keys() {
        Set<String> keys = new TreeSet<>();
        SHARED.forEach(field -> keys.add(key(field)));
        for (ChatProvider p : ChatProvider.all()) {
            p.options().stream().filter(o -> o.defaultValue() == null).forEach(o -> keys.add(key(o.name())));
        }
        return Set.copyOf(keys);
    }

    /** The config-file key of a setting: {@code modelFile} is {@code model_file}. */
    static String key(String field) {
        return field.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /** The environment variable of a setting: {@code modelFile} is {@code PARLEY_MODEL_FILE}. */
    static String variable(String field) {
        return "PARLEY_" + key(field).toUpperCase(Locale.ROOT);
    }

    /** Whether {@code field} is one of the shared settings read from the environment and the config file. */
    static boolean shared(String field) {
        return SHARED.contains(field);
    }

    /** The settings from {@code env} and its config file; the file is read only if a variable leaves a gap. */
    static ModelSettings resolve(CliEnvironment env) {
        String baseUrl = env.get("PARLEY_BASE_URL");
        String model = env.get("PARLEY_MODEL");
        String keyEnv = env.get("PARLEY_API_KEY_ENV");
        if (baseUrl == null || model == null || keyEnv == null) {
            Map<String, String> file = ConfigFile.read(env.configFile(), KEYS);
            baseUrl = baseUrl != null ? baseUrl : file.get("base_url");
            model = model != null ? model : file.get("model");
            keyEnv = keyEnv != null ? keyEnv : file.get("api_key_env");
        }
        return new ModelSettings(baseUrl != null ? baseUrl : LlmConfig.OPENAI_URL, model,
                keyEnv != null ? keyEnv : DEFAULT_API_KEY_ENV);
    }

    /**
     * A provider's option without a default when no flag gives it ({@code --model-file}): its variable
     * ({@code PARLEY_MODEL_FILE}), else its key in the config file ({@code model_file}), else null.
     */
    static String providerSetting(CliEnvironment env, ProviderOption option) {
        String value = env.get(variable(option.name()));
        return value != null ? value : ConfigFile.read(env.configFile(), KEYS).get(key(option.name()));
    }

    /** These settings with every non-null argument (a flag the user gave) in place of the resolved value. */
    ModelSettings override(String flagBaseUrl, String flagModel, String flagApiKeyEnv) {
        return new ModelSettings(flagBaseUrl != null ? flagBaseUrl : baseUrl, flagModel != null ? flagModel : model,
                flagApiKeyEnv != null ? flagApiKeyEnv : apiKeyEnv);
    }
}
