package dev.parley.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * A way to reach a chat model, found through {@link java.util.ServiceLoader} (a provider module lists its class in
 * {@code META-INF/services/dev.parley.llm.ChatProvider}) and chosen by {@link LlmConfig#provider()}, so core never
 * names an adapter.
 */
public interface ChatProvider {

    /** The name {@link LlmConfig#provider()} carries for this provider. */
    String name();

    /** A backend for {@code config}; secrets such as the API key are read from {@code env}. */
    ChatBackend open(LlmConfig config, Map<String, String> env);

    /** The backend of the provider {@code config} names. */
    static ChatBackend backend(LlmConfig config, Map<String, String> env) {
        List<String> names = new ArrayList<>();
        for (ChatProvider p : ServiceLoader.load(ChatProvider.class, ChatProvider.class.getClassLoader())) {
            if (p.name().equals(config.provider())) {
                return p.open(config, env);
            }
            names.add(p.name());
        }
        throw new LlmException("no chat provider '" + config.provider() + "' on the class path"
                + (names.isEmpty() ? "" : "; available: " + String.join(", ", names.stream().sorted().toList())));
    }
}
