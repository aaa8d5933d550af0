package dev.parley.dialogue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A move's typed content: content variable to value, where a value is a {@code String}, an {@code Integer}, a
 * {@code Double}, a {@code Boolean}, a {@code Map<String, Object>} or a {@code List<Object>} of such values (what a
 * JSON object holds). {@link #copyOf} makes a deep, unmodifiable copy that keeps key order. Content travels to the
 * protocol engine as one string per variable: a string value as it is, anything else as canonical JSON (keys sorted),
 * so the same content always gives the same engine reply and the same information-state key.
 */
public final class Contents {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private Contents() {
    }

    /** A deep unmodifiable copy; integral numbers become {@code Integer} (or {@code Long} when large). */
    public static Map<String, Object> copyOf(Map<String, ?> content) {
        Map<String, Object> out = new LinkedHashMap<>();
        content.forEach((k, v) -> out.put(k, value(v)));
        return Collections.unmodifiableMap(out);
    }

    private static Object value(Object v) {
        if (v == null) {
            throw new IllegalArgumentException("content values cannot be null");
        }
        if (v instanceof String || v instanceof Boolean || v instanceof Integer || v instanceof Double) {
            return v;
        }
        if (v instanceof Long l) {
            // no conditional expression here: it would promote the Integer back to a Long
            if (l == l.intValue()) {
                return l.intValue();
            }
            return l;
        }
        if (v instanceof Short || v instanceof Byte) {
            return ((Number) v).intValue();
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), value(x)));
            return Collections.unmodifiableMap(out);
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object x : l) {
                out.add(value(x));
            }
            return Collections.unmodifiableList(out);
        }
        if (v instanceof JsonNode n) {
            return fromJson(n);
        }
        throw new IllegalArgumentException("unsupported content value " + v.getClass().getSimpleName() + ": " + v);
    }

    /** The canonical JSON text of a value or of a whole content (object keys sorted, no spaces). */
    public static String canonical(Object value) {
        try {
            return CANONICAL.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("content cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** The engine's reply value of one content value: a string as it is, anything else as canonical JSON. */
    public static String replyValue(Object value) {
        return value instanceof String s ? s : canonical(value);
    }

    /** The engine reply for a whole content, in variable order. */
    public static Map<String, String> reply(Map<String, Object> content) {
        Map<String, String> out = new LinkedHashMap<>();
        content.forEach((k, v) -> out.put(k, replyValue(v)));
        return out;
    }

    /**
     * Reads one engine reply value back: JSON objects, arrays and numbers are parsed, anything else is the string
     * itself (a day, a reason, a claim).
     */
    public static Object fromReplyValue(String text) {
        String t = text.strip();
        if (!t.isEmpty() && (t.charAt(0) == '{' || t.charAt(0) == '[' || t.charAt(0) == '-'
                || Character.isDigit(t.charAt(0)))) {
            try {
                JsonNode n = JSON.readTree(t);
                if (n != null && (n.isContainerNode() || n.isNumber())) {
                    return fromJson(n);
                }
            } catch (JsonProcessingException e) {
                // not JSON: the plain string
            }
        }
        return text;
    }

    /** Reads a whole engine reply back into content. */
    public static Map<String, Object> fromReply(Map<String, String> reply) {
        Map<String, Object> out = new LinkedHashMap<>();
        reply.forEach((k, v) -> out.put(k, fromReplyValue(v)));
        return copyOf(out);
    }

    /** A content as a JSON object. */
    public static ObjectNode toJson(Map<String, ?> content) {
        return JSON.valueToTree(content);
    }

    /** A JSON value as content values (objects keep their member order). */
    public static Object fromJson(JsonNode n) {
        if (n.isObject()) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isNull()) {
                    out.put(e.getKey(), fromJson(e.getValue()));
                }
            }
            return Collections.unmodifiableMap(out);
        }
        if (n.isArray()) {
            List<Object> out = new ArrayList<>();
            n.forEach(x -> out.add(fromJson(x)));
            return Collections.unmodifiableList(out);
        }
        if (n.isIntegralNumber()) {
            if (n.canConvertToInt()) {
                return n.intValue(); // an if, not ?: (which would promote the Integer to a Long)
            }
            return n.longValue();
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        return n.asText();
    }

    /** A JSON object's members as content. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> fromJsonObject(JsonNode object) {
        if (!object.isObject()) {
            throw new IllegalArgumentException("content must be a JSON object, not " + object.getNodeType());
        }
        return (Map<String, Object>) fromJson(object);
    }
}
