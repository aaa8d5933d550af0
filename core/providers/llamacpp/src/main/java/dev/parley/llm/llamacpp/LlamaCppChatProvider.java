package dev.parley.llm.llamacpp;

import dev.parley.error.InvalidSettingException;
import dev.parley.error.Setting;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.ProviderOption;
import dev.parley.llm.ProviderSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A GGUF model in this process through llama.cpp ({@link LlamaCppChat}), as provider {@code local}. It needs a model
 * file and native settings rather than a server, so those are its own options; temperature, max tokens and the
 * timeout come from {@link LlmConfig} as for every backend.
 */
public final class LlamaCppChatProvider implements ChatProvider {

    static final String MODEL_FILE = "modelFile";
    static final String TOP_P = "topP";
    static final String REPEAT_PENALTY = "repeatPenalty";
    static final String CONTEXT_SIZE = "contextSize";
    static final String SLOTS = "llmSlots";
    static final String PROMPT_REUSE = "promptReuse";

    private static final List<ProviderOption> OPTIONS = List.of(
            new ProviderOption(MODEL_FILE, "FILE.gguf", "The GGUF model run in this process (llama.cpp).", null),
            new ProviderOption(TOP_P, "P", "Nucleus sampling threshold.", "0.95"),
            new ProviderOption(REPEAT_PENALTY, "R", "Penalty on tokens repeated from the last 64 (1: none; 1.1-1.3"
                    + " breaks the loops small models fall into).", "1"),
            new ProviderOption(CONTEXT_SIZE, "TOKENS", "Context window per slot (0: the model's own, at most "
                    + LocalModelSettings.DEFAULT_CONTEXT + ").", "0"),
            new ProviderOption(SLOTS, "N", "llama.cpp parallel slots: generations decoded together in one batch;"
                    + " the rest of " + Setting.named("concurrency") + " queue.", "1"),
            ProviderOption.toggle(PROMPT_REUSE, "Keep each slot's evaluated prompt and evaluate only what the next"
                    + " prompt adds (faster on a tree; answers then depend on what the slot ran before)."));

    @Override
    public String name() {
        return LlamaCppChat.PROVIDER;
    }

    @Override
    public List<ProviderOption> options() {
        return OPTIONS;
    }

    @Override
    public void check(Map<String, String> options) {
        double topP = ProviderSettings.real(options, TOP_P);
        if (!(topP > 0 && topP <= 1)) {
            throw new InvalidSettingException(TOP_P, options.get(TOP_P), "must be in (0, 1]");
        }
        if (ProviderSettings.integer(options, CONTEXT_SIZE) < 0) {
            throw new InvalidSettingException(CONTEXT_SIZE, options.get(CONTEXT_SIZE), "must be at least 0");
        }
        if (ProviderSettings.integer(options, SLOTS) < 1) {
            throw new InvalidSettingException(SLOTS, options.get(SLOTS), "must be at least 1");
        }
        double penalty = ProviderSettings.real(options, REPEAT_PENALTY);
        if (!(penalty > 0 && penalty <= 10)) {
            throw new InvalidSettingException(REPEAT_PENALTY, options.get(REPEAT_PENALTY),
                    "must be in (0, 10] (1: none)");
        }
    }

    /** The model, checked and loaded once for the process; for a replay it is named but never loaded. */
    @Override
    public ChatBackend open(ProviderSettings settings) {
        check(settings.options());
        String file = settings.required(MODEL_FILE, "; scripts/models.sh fetches two small ones");
        LlmConfig config = settings.config();
        int slots = settings.integer(SLOTS);
        LocalModelSettings local = new LocalModelSettings(Path.of(file), settings.integer(CONTEXT_SIZE) * slots,
                slots, Runtime.getRuntime().availableProcessors(), config.temperature(), settings.real(TOP_P),
                config.maxTokens(), config.seed() == null ? 0 : config.seed(), config.timeout(),
                settings.toggle(PROMPT_REUSE), settings.real(REPEAT_PENALTY));
        // a replay never calls the model: the file must not even be loaded (it may not be on this machine)
        return settings.replayOnly() ? LlamaCppChat.unloaded(local) : LlamaCppChat.open(local);
    }
}
