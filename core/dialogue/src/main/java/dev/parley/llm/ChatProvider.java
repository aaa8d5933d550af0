package dev.parley.llm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A way to reach a chat model, found through {@link java.util.ServiceLoader} (a provider module lists its class in
 * {@code META-INF/services/dev.parley.llm.ChatProvider}) and chosen by {@link LlmConfig#provider()}, so core never
 * names an adapter. A provider declares the settings it owns beyond {@link LlmConfig} ({@link #options()}); a front
 * end offers them without knowing the provider, and hands their values back when it opens.
 */
public interface ChatProvider {

    /** The name {@link LlmConfig#provider()} carries for this provider. */
    String name();

    /** The settings this provider owns, in the order a help lists them; none by default. */
    default List<ProviderOption> options() {
        return List.of();
    }

    /**
     * Refuses a value of {@link #options()} that can never work ({@code InvalidSettingException}), without opening
     * anything: a front end checks every provider's values whichever runs, so a typo does not pass unnoticed until
     * the first run that uses it. Values are as in {@link ProviderSettings#options()}.
     */
    default void check(Map<String, String> options) {
    }

    /** A backend for {@code settings}; implementations {@link #check} the options first. */
    ChatBackend open(ProviderSettings settings);

    /** A backend with this provider's default options; secrets such as the API key are read from {@code env}. */
    default ChatBackend open(LlmConfig config, Map<String, String> env) {
        return open(new ProviderSettings(config, defaults(), env, false));
    }

    /** The options that have a default, with it. */
    default Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        options().stream().filter(o -> o.defaultValue() != null).forEach(o -> d.put(o.name(), o.defaultValue()));
        return d;
    }

    /** Every provider on the class path, by name. */
    static List<ChatProvider> all() {
        List<ChatProvider> found = new ArrayList<>();
        ServiceLoader.load(ChatProvider.class, ChatProvider.class.getClassLoader()).forEach(found::add);
        found.sort(Comparator.comparing(ChatProvider::name));
        return List.copyOf(found);
    }

    /** The provider called {@code name}, if one is on the class path. */
    static Optional<ChatProvider> named(String name) {
        return all().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The backend of the provider {@code config} names. */
    static ChatBackend backend(LlmConfig config, Map<String, String> env) {
        return named(config.provider()).map(p -> p.open(config, env)).orElseThrow(() -> new LlmException(
                "no chat provider '" + config.provider() + "' on the class path"
                        + (all().isEmpty() ? "" : "; available: " + String.join(", ",
                        all().stream().map(ChatProvider::name).toList()))));
    }
}
