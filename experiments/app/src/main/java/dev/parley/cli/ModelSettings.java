package dev.parley.cli;

import dev.parley.llm.LlmConfig;
import java.util.Map;
import java.util.Set;

/**
 * Where a model is reached when no flag says: the environment ({@code PARLEY_BASE_URL}, {@code PARLEY_MODEL},
 * {@code PARLEY_API_KEY_ENV}), then the config file ({@code base_url}, {@code model}, {@code api_key_env}), then the
 * built-in defaults. Flags override all of them, so a command line always means the same thing.
 *
 * @param baseUrl   the OpenAI-compatible server
 * @param model     the model name, or null when nothing names one
 * @param apiKeyEnv the environment variable holding the API key
 */
record ModelSettings(String baseUrl, String model, String apiKeyEnv) {

    static final String DEFAULT_API_KEY_ENV = "OPENAI_API_KEY";
    private static final Set<String> KEYS = Set.of("base_url", "model", "api_key_env", "model_file");

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
     * The GGUF file {@code --llm local} runs when no {@code --model-file} says: {@code PARLEY_MODEL_FILE}, else
     * {@code model_file} in the config file, else null.
     */
    static String modelFile(CliEnvironment env) {
        String file = env.get("PARLEY_MODEL_FILE");
        return file != null ? file : ConfigFile.read(env.configFile(), KEYS).get("model_file");
    }

    /** These settings with every non-null argument (a flag the user gave) in place of the resolved value. */
    ModelSettings override(String flagBaseUrl, String flagModel, String flagApiKeyEnv) {
        return new ModelSettings(flagBaseUrl != null ? flagBaseUrl : baseUrl, flagModel != null ? flagModel : model,
                flagApiKeyEnv != null ? flagApiKeyEnv : apiKeyEnv);
    }
}
