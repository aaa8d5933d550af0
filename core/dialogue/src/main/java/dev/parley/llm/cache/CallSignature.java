package dev.parley.llm.cache;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything that determines a model's answer, and so the cache key: provider, model, sampling parameters, seed and
 * the messages. The key is the SHA-256 of the canonical JSON (keys sorted, no whitespace), so two calls that differ
 * in anything that can change the answer never share an entry, and equal calls always do.
 *
 * <p>The server's address is deliberately not part of it: the same model behind another port or proxy answers the
 * same way, and a finished experiment must replay wherever the server now runs.
 *
 * @param parameters temperature, max tokens, response schema...; values must be JSON-serialisable
 * @param seed       the sampling seed, or null when the call has none
 */
public record CallSignature(String provider, String model, Map<String, Object> parameters, Long seed,
        List<Message> messages) {

    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
            .configure(SerializationFeature.INDENT_OUTPUT, false);

    /** One chat message: role ("system", "user", "assistant") and text. */
    public record Message(String role, String text) {
    }

    public CallSignature {
        parameters = Collections.unmodifiableMap(new TreeMap<>(parameters));
        messages = List.copyOf(messages);
    }

    /** The canonical JSON text of this signature (stored beside the answer, so exports can be inspected). */
    public String canonicalJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("provider", provider);
        m.put("model", model);
        m.put("parameters", parameters);
        m.put("seed", seed);
        m.put("messages", messages.stream().map(x -> Map.of("role", x.role(), "text", x.text())).toList());
        try {
            return CANONICAL.writeValueAsString(m);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("call parameters are not JSON-serialisable: " + parameters, e);
        }
    }

    /** The cache key: lower-case hex SHA-256 of {@link #canonicalJson()}. */
    public String key() {
        return sha256(canonicalJson());
    }

    /** The last user message, shortened: how a replay miss names the prompt. */
    public String promptSummary() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if ("user".equals(messages.get(i).role())) {
                String t = messages.get(i).text().replaceAll("\\s+", " ").strip();
                return t.length() <= 160 ? t : t.substring(0, 157) + "...";
            }
        }
        return "(no user message)";
    }

    public static String sha256(String text) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
