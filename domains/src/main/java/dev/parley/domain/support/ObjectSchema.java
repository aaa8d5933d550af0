package dev.parley.domain.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A JSON Schema object being built, as every domain's content rules build a move's schema and the objects inside it:
 * {@code "type": "object"}, its {@code properties}, the {@code required} names, and closed to any other property
 * ({@code "additionalProperties": false}) when done. The keys come in that order, as they always have: the schema's
 * text is part of the prompt, and so of every call-cache key.
 */
public record ObjectSchema(ObjectNode root, ObjectNode properties, ArrayNode required) {

    /** An object schema with no property yet. */
    public static ObjectSchema object() {
        return open(JsonNodeFactory.instance.objectNode().put("type", "object"));
    }

    /** An object schema with no property yet, and a {@code description} (before its properties). */
    public static ObjectSchema described(String description) {
        return open(JsonNodeFactory.instance.objectNode().put("type", "object").put("description", description));
    }

    private static ObjectSchema open(ObjectNode root) {
        ObjectNode properties = root.putObject("properties");
        return new ObjectSchema(root, properties, root.putArray("required"));
    }

    /** Adds a required property of that schema. */
    public ObjectSchema require(String name, JsonNode schema) {
        properties.set(name, schema);
        required.add(name);
        return this;
    }

    /** The schema, refusing every property it does not name. */
    public ObjectNode closed() {
        return root.put("additionalProperties", false);
    }
}
