package dev.parley.llm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The form of a JSON Schema that OpenAI's strict structured output accepts, and the way back for its answers.
 *
 * <p>Strict mode requires every object to list all its properties in {@code required} (and to forbid others), so an
 * optional property, such as a fruit a basket may leave out, is rewritten as required but nullable:
 * {@code {"anyOf": [original, {"type": "null"}]}}. The answer then carries {@code null} where the model left the
 * property out, and {@link #withoutNulls} drops those nulls again, so that the rest of Parley sees an answer to the
 * schema it asked for. Servers that ignore {@code strict} (llama.cpp's) accept the rewritten schema as well, but
 * then a model must write every property, so it is sent only to a server that refused the schema as written.
 */
final class StrictJsonSchema {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StrictJsonSchema() {
    }

    /** A copy of {@code schema} in which every object requires all its properties, the optional ones nullable. */
    static ObjectNode of(ObjectNode schema) {
        ObjectNode copy = schema.deepCopy();
        rewrite(copy);
        return copy;
    }

    private static void rewrite(JsonNode node) {
        if (node instanceof ArrayNode array) {
            array.forEach(StrictJsonSchema::rewrite);
            return;
        }
        if (!(node instanceof ObjectNode schema)) {
            return;
        }
        JsonNode props = schema.get("properties");
        if (props instanceof ObjectNode properties) {
            Set<String> required = required(schema);
            List<String> names = new ArrayList<>();
            properties.fieldNames().forEachRemaining(names::add);
            ArrayNode all = JSON.createArrayNode();
            for (String name : names) {
                JsonNode p = properties.get(name);
                rewrite(p);
                if (!required.contains(name) && !admitsNull(p)) {
                    ObjectNode nullable = JSON.createObjectNode();
                    nullable.putArray("anyOf").add(p).addObject().put("type", "null");
                    properties.set(name, nullable);
                }
                all.add(name);
            }
            schema.set("required", all);
            schema.put("additionalProperties", false);
        }
        // nested schemas elsewhere: array items, alternatives
        for (String key : List.of("items", "anyOf", "oneOf", "allOf", "$defs", "definitions")) {
            JsonNode sub = schema.get(key);
            if (sub instanceof ObjectNode defs && (key.equals("$defs") || key.equals("definitions"))) {
                defs.forEach(StrictJsonSchema::rewrite);
            } else if (sub != null) {
                rewrite(sub);
            }
        }
    }

    /**
     * The answer with the nulls that {@link #of} made possible removed: a property that {@code schema} leaves
     * optional and that does not admit null itself, answered {@code null}, is left out. Text that is not JSON, or
     * that has no such null, comes back unchanged, byte for byte.
     */
    static String withoutNulls(String answer, ObjectNode schema) {
        JsonNode n;
        try {
            n = JSON.readTree(answer);
        } catch (JsonProcessingException e) {
            return answer;
        }
        if (n == null || !drop(n, schema)) {
            return answer;
        }
        return n.toString();
    }

    private static boolean drop(JsonNode value, JsonNode schema) {
        if (schema == null || value == null) {
            return false;
        }
        boolean changed = false;
        if (value instanceof ObjectNode object && schema.get("properties") instanceof ObjectNode properties) {
            Set<String> required = required(schema);
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode p = properties.get(e.getKey());
                if (p == null) {
                    continue;
                }
                if (e.getValue().isNull() && !required.contains(e.getKey()) && !admitsNull(p)) {
                    it.remove();
                    changed = true;
                } else {
                    changed |= drop(e.getValue(), p);
                }
            }
        } else if (value instanceof ArrayNode array && schema.get("items") != null) {
            for (JsonNode item : array) {
                changed |= drop(item, schema.get("items"));
            }
        }
        for (String key : List.of("anyOf", "oneOf", "allOf")) {
            if (schema.get(key) instanceof ArrayNode alternatives) {
                for (JsonNode alternative : alternatives) {
                    changed |= drop(value, alternative);
                }
            }
        }
        return changed;
    }

    private static Set<String> required(JsonNode schema) {
        Set<String> names = new HashSet<>();
        schema.path("required").forEach(r -> names.add(r.asText()));
        return names;
    }

    /** Whether null is already a valid value of {@code schema} (its type, an alternative or an enum member). */
    private static boolean admitsNull(JsonNode schema) {
        JsonNode type = schema.get("type");
        if (type != null && (type.asText().equals("null") || (type.isArray() && contains(type, "null")))) {
            return true;
        }
        JsonNode choices = schema.get("enum");
        if (choices != null && choices.isArray()) {
            for (JsonNode c : choices) {
                if (c.isNull()) {
                    return true;
                }
            }
        }
        for (String key : List.of("anyOf", "oneOf")) {
            if (schema.get(key) instanceof ArrayNode alternatives) {
                for (JsonNode a : alternatives) {
                    if (admitsNull(a)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean contains(JsonNode array, String text) {
        for (JsonNode e : array) {
            if (e.asText().equals(text)) {
                return true;
            }
        }
        return false;
    }
}
