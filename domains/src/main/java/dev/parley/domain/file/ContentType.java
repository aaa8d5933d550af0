package dev.parley.domain.file;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cel.common.types.CelType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The finite type of a content variable, read from the file's JSON Schema: a bounded integer, a text from an
 * enumeration, a boolean, a basket (declared items to bounded counts) or an object of these. Finite, so the offline
 * planner can enumerate it. Java values are those of {@link dev.parley.dialogue.Contents} (Integer, String, Boolean,
 * maps); CEL values use Long, and a basket there holds every item (0 for the absent ones).
 */
sealed interface ContentType {

    JsonNodeFactory NODES = JsonNodeFactory.instance;

    CelType cel();

    /** The JSON Schema a model answers under; {@code bounds} narrows baskets to what the speaker may give. */
    ObjectNode schema(Function<Basket, Map<String, Long>> bounds);

    /** How many values there are at most (before narrowing). */
    double size();

    /** Every value, narrowed by {@code bounds}, in a fixed order. */
    List<Object> values(Function<Basket, Map<String, Long>> bounds);

    /** The CEL value of a Java value; {@link IllegalArgumentException} for content of another shape. */
    Object cel(Object java);

    /** The CEL value standing for "nothing said" (0, "", false, an empty basket). */
    Object zero();

    record Int(long min, long max) implements ContentType {
        public CelType cel() {
            return SimpleType.INT;
        }

        public ObjectNode schema(Function<Basket, Map<String, Long>> bounds) {
            return NODES.objectNode().put("type", "integer").put("minimum", min).put("maximum", max);
        }

        public double size() {
            return max - min + 1;
        }

        public List<Object> values(Function<Basket, Map<String, Long>> bounds) {
            List<Object> out = new ArrayList<>();
            for (long v = min; v <= max; v++) {
                out.add((int) v);
            }
            return out;
        }

        public Object cel(Object java) {
            if (!(java instanceof Integer || java instanceof Long)) {
                throw new IllegalArgumentException("expected a whole number, not " + java);
            }
            return ((Number) java).longValue();
        }

        public Object zero() {
            return 0L;
        }
    }

    record Text(List<String> values) implements ContentType {
        public CelType cel() {
            return SimpleType.STRING;
        }

        public ObjectNode schema(Function<Basket, Map<String, Long>> bounds) {
            ObjectNode n = NODES.objectNode().put("type", "string");
            ArrayNode e = n.putArray("enum");
            values.forEach(e::add);
            return n;
        }

        public double size() {
            return values.size();
        }

        public List<Object> values(Function<Basket, Map<String, Long>> bounds) {
            return List.copyOf(values);
        }

        public Object cel(Object java) {
            if (!(java instanceof String s)) {
                throw new IllegalArgumentException("expected one of " + values + ", not " + java);
            }
            return s;
        }

        public Object zero() {
            return "";
        }
    }

    record Bool() implements ContentType {
        public CelType cel() {
            return SimpleType.BOOL;
        }

        public ObjectNode schema(Function<Basket, Map<String, Long>> bounds) {
            return NODES.objectNode().put("type", "boolean");
        }

        public double size() {
            return 2;
        }

        public List<Object> values(Function<Basket, Map<String, Long>> bounds) {
            return List.of(false, true);
        }

        public Object cel(Object java) {
            if (!(java instanceof Boolean)) {
                throw new IllegalArgumentException("expected true or false, not " + java);
            }
            return java;
        }

        public Object zero() {
            return false;
        }
    }

    /**
     * Items to counts within [max(1, min), max]; an item left out counts 0.
     *
     * @param bound per-item upper bound from the speaker's information ({@code x-max}), or null
     */
    record Basket(String set, List<String> items, long min, long max, Expr bound) implements ContentType {
        public CelType cel() {
            return ExprLanguage.BASKET;
        }

        public ObjectNode schema(Function<Basket, Map<String, Long>> bounds) {
            Map<String, Long> b = bounds.apply(this);
            ObjectNode n = NODES.objectNode().put("type", "object");
            ObjectNode props = n.putObject("properties");
            for (String item : items) {
                long hi = Math.min(max, b == null ? max : b.getOrDefault(item, 0L));
                if (hi >= Math.max(1, min)) {
                    props.putObject(item).put("type", "integer").put("minimum", Math.max(1, min)).put("maximum", hi);
                }
            }
            n.put("additionalProperties", false);
            return n;
        }

        public double size() {
            return Math.pow(max - Math.max(1, min) + 2, items.size());
        }

        public List<Object> values(Function<Basket, Map<String, Long>> bounds) {
            Map<String, Long> b = bounds.apply(this);
            List<Map<String, Object>> out = new ArrayList<>();
            out.add(new LinkedHashMap<>());
            for (String item : items) {
                long hi = Math.min(max, b == null ? max : b.getOrDefault(item, 0L));
                List<Map<String, Object>> next = new ArrayList<>();
                for (Map<String, Object> partial : out) {
                    next.add(partial);
                    for (long c = Math.max(1, min); c <= hi; c++) {
                        Map<String, Object> m = new LinkedHashMap<>(partial);
                        m.put(item, (int) c);
                        next.add(m);
                    }
                }
                out = next;
            }
            List<Object> frozen = new ArrayList<>(out.size());
            out.forEach(m -> frozen.add(Collections.unmodifiableMap(m)));
            return frozen;
        }

        public Object cel(Object java) {
            if (!(java instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException("expected an object of " + set + " to counts, not " + java);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (String item : items) {
                out.put(item, 0L);
            }
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String k = String.valueOf(e.getKey());
                if (!out.containsKey(k)) {
                    throw new IllegalArgumentException("unknown " + set + " '" + k + "' (expected one of " + items
                            + ")");
                }
                if (!(e.getValue() instanceof Integer || e.getValue() instanceof Long)
                        || ((Number) e.getValue()).longValue() < 0) {
                    throw new IllegalArgumentException("the count of " + k + " must be a whole number >= 0, not "
                            + e.getValue());
                }
                out.put(k, ((Number) e.getValue()).longValue());
            }
            return out;
        }

        public Object zero() {
            Map<String, Object> out = new LinkedHashMap<>();
            for (String item : items) {
                out.put(item, 0L);
            }
            return out;
        }
    }

    /** An object whose every property is required. */
    record Obj(Map<String, ContentType> fields) implements ContentType {
        public Obj {
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }

        public CelType cel() {
            CelType common = null;
            for (ContentType t : fields.values()) {
                if (common == null) {
                    common = t.cel();
                } else if (!common.equals(t.cel())) {
                    return MapType.create(SimpleType.STRING, SimpleType.DYN);
                }
            }
            return MapType.create(SimpleType.STRING, common == null ? SimpleType.DYN : common);
        }

        public ObjectNode schema(Function<Basket, Map<String, Long>> bounds) {
            ObjectNode n = NODES.objectNode().put("type", "object");
            ObjectNode props = n.putObject("properties");
            ArrayNode req = n.putArray("required");
            fields.forEach((k, t) -> {
                props.set(k, t.schema(bounds));
                req.add(k);
            });
            n.put("additionalProperties", false);
            return n;
        }

        public double size() {
            double s = 1;
            for (ContentType t : fields.values()) {
                s *= t.size();
            }
            return s;
        }

        public List<Object> values(Function<Basket, Map<String, Long>> bounds) {
            List<Map<String, Object>> out = new ArrayList<>();
            out.add(new LinkedHashMap<>());
            for (Map.Entry<String, ContentType> f : fields.entrySet()) {
                List<Object> vs = f.getValue().values(bounds);
                List<Map<String, Object>> next = new ArrayList<>(out.size() * vs.size());
                for (Map<String, Object> partial : out) {
                    for (Object v : vs) {
                        Map<String, Object> m = new LinkedHashMap<>(partial);
                        m.put(f.getKey(), v);
                        next.add(m);
                    }
                }
                out = next;
            }
            List<Object> frozen = new ArrayList<>(out.size());
            out.forEach(m -> frozen.add(Collections.unmodifiableMap(m)));
            return frozen;
        }

        public Object cel(Object java) {
            if (!(java instanceof Map<?, ?> m)) {
                throw new IllegalArgumentException("expected an object with " + fields.keySet() + ", not " + java);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, ContentType> f : fields.entrySet()) {
                if (!m.containsKey(f.getKey())) {
                    throw new IllegalArgumentException("missing " + f.getKey());
                }
                out.put(f.getKey(), f.getValue().cel(m.get(f.getKey())));
            }
            return out;
        }

        public Object zero() {
            Map<String, Object> out = new LinkedHashMap<>();
            fields.forEach((k, t) -> out.put(k, t.zero()));
            return out;
        }
    }
}
