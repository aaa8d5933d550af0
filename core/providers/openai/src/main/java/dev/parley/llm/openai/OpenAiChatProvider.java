package dev.parley.llm.openai;

import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import java.util.Map;

/** Every OpenAI-compatible server (OpenAI, vLLM, llama.cpp's server, LM Studio, Ollama's /v1), via LangChain4j. */
public final class OpenAiChatProvider implements ChatProvider {

    @Override
    public String name() {
        return LlmConfig.OPENAI;
    }

    @Override
    public ChatBackend open(LlmConfig config, Map<String, String> env) {
        return LangChainChat.openAi(config, env);
    }
}
