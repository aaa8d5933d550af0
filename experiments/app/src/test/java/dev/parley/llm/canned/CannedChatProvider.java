package dev.parley.llm.canned;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.error.InvalidSettingException;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.ProviderOption;
import dev.parley.llm.ProviderSettings;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A model backend that lives only on the app's test class path (listed in its test resources'
 * {@code META-INF/services}): every call is answered with the text of its one option, {@code cannedReply} (a
 * structured call with it in each field of its schema). The
 * command line offers it and its option without an edit to the app, which is what {@code ProviderOptionsTest}
 * checks.
 */
public final class CannedChatProvider implements ChatProvider {

    public static final String NAME = "canned";
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String REPLY = "cannedReply";
    /** Backends opened live, i.e. not for a replay: a replay must not count here. */
    public static final AtomicInteger LIVE_OPENS = new AtomicInteger();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ProviderOption> options() {
        return List.of(new ProviderOption(REPLY, "TEXT", "What the canned model answers to every call.",
                "canned words"));
    }

    @Override
    public void check(Map<String, String> options) {
        if (options.get(REPLY).isBlank()) {
            throw new InvalidSettingException(REPLY, options.get(REPLY), "must not be blank");
        }
    }

    @Override
    public ChatBackend open(ProviderSettings settings) {
        check(settings.options());
        if (!settings.replayOnly()) {
            LIVE_OPENS.incrementAndGet();
        }
        String reply = settings.text(REPLY);
        String model = settings.config().model().isBlank() ? "fixed" : settings.config().model();
        return new ChatBackend() {
            @Override
            public ChatAnswer complete(ChatCall call) {
                // a structured call gets its one string field filled with the reply ({"response": "..."})
                String text = call.schema().map(s -> {
                    ObjectNode o = JSON.createObjectNode();
                    s.fields().forEach((field, type) -> o.put(field, reply));
                    return o.toString();
                }).orElse(reply);
                return new ChatAnswer(text, 1, 1, 0, false, label());
            }

            @Override
            public String provider() {
                return NAME;
            }

            @Override
            public String model() {
                return model;
            }

            @Override
            public Map<String, Object> parameters() {
                return Map.of("reply", reply);
            }
        };
    }
}
