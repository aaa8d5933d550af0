package dev.parley.llm.openai;

import dev.parley.error.MissingSettingException;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.ProviderSettings;
import java.util.HashMap;
import java.util.Map;

/**
 * Every OpenAI-compatible server (OpenAI, vLLM, llama.cpp's server, LM Studio, Ollama's /v1), via LangChain4j. It owns
 * no options of its own: the server, the model and the key's variable are {@link LlmConfig}'s, which any hosted
 * backend needs too.
 */
public final class OpenAiChatProvider implements ChatProvider {

    @Override
    public String name() {
        return LlmConfig.OPENAI;
    }

    @Override
    public ChatBackend open(ProviderSettings settings) {
        LlmConfig config = settings.config();
        if (config.model().isBlank()) {
            throw new MissingSettingException("model", ", e.g. gpt-4o-mini or the name your server serves");
        }
        Map<String, String> env = settings.env();
        if (settings.replayOnly() && config.apiKeyEnv() != null && env.get(config.apiKeyEnv()) == null) {
            // a replay answers from the cache or fails: it never calls the server, so it needs no key
            env = new HashMap<>(env);
            env.put(config.apiKeyEnv(), "replay-makes-no-calls");
        }
        return LangChainChat.openAi(config, env);
    }
}
