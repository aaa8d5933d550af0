package dev.parley.dialogue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Verification of a generated move before it is performed (PrEFACE's future work): the content against its schema
 * and the protocol (every content variable present and well formed, values the protocol fixes kept), against the
 * speaker's private information and the public state ({@link ContentRules#infeasible}), and the words against the
 * content ({@link SurfaceRealiser#mismatch}). The first failure is returned; a generator asks again with its
 * reason. Thread-safe; compiled schemas are cached by their JSON, and the recent ones by node.
 */
public final class MoveVerifier {

    /** Longest accepted utterance, in characters. */
    public static final int MAX_CHARS = 600;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$[A-Za-z_]");
    private static final int SCHEMA_CACHE_LIMIT = 10_000;
    /** Schema nodes remembered by identity. */
    private static final int RECENT = 16;

    private final ContentRules rules;
    private final SurfaceRealiser realiser;
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    /** Compiled schemas by the schema's JSON (equal JSON, equal schema; object members in any order). */
    private final Map<JsonNode, Schema> compiled = new ConcurrentHashMap<>();
    /**
     * The last few schema nodes met, by identity, with their compiled schemas: a domain's memoised schema comes back
     * as the same node move after move, and finding it by its deep hash and equality in {@link #compiled} was a
     * tenth of an offline tree's build. Only for nodes nobody changes: those of requests and of the rules.
     */
    private final ObjectNode[] recentNodes = new ObjectNode[RECENT];
    private final Schema[] recentSchemas = new Schema[RECENT];
    private int recentNext;

    public MoveVerifier(ContentModel model) {
        this.rules = Objects.requireNonNull(model, "model").rules();
        this.realiser = model.realiser();
    }

    /** The first reason to refuse {@code content} said as {@code words} for {@code request}, or empty. */
    public Optional<Rejection> check(MoveRequest request, Map<String, Object> content, String words) {
        Optional<Rejection> r = checkContent(request, content);
        return r.isPresent() ? r : checkWords(request.moveId(), content, words);
    }

    /** Schema, protocol and feasibility checks of the content alone. */
    public Optional<Rejection> checkContent(MoveRequest request, Map<String, Object> content) {
        Map<String, String> template = request.move().reply();
        for (String variable : template.keySet()) {
            if (!content.containsKey(variable)) {
                return reject(Rejection.PROTOCOL, "the " + request.moveId() + " move needs a value for its content"
                        + " variable " + variable);
            }
        }
        for (String variable : content.keySet()) {
            if (!template.containsKey(variable)) {
                return reject(Rejection.PROTOCOL, "the " + request.moveId() + " move has no content variable "
                        + variable + " (its variables: " + template.keySet() + ")");
            }
        }
        Optional<Rejection> invalid = check(unchanging(request.schemaForReading()), content);
        if (invalid.isPresent()) {
            return invalid;
        }
        for (Map.Entry<String, String> t : template.entrySet()) {
            String fixed = t.getValue();
            if (!fixed.equals("$" + t.getKey())) {
                String given = Contents.replyValue(content.get(t.getKey()));
                if (!given.equals(fixed)) {
                    return reject(Rejection.PROTOCOL, "the protocol fixes " + t.getKey() + " to '" + fixed
                            + "' in this move, not '" + given + "'");
                }
            }
        }
        return rules.infeasible(request.moveId(), content, request.context())
                .map(reason -> new Rejection(Rejection.INFEASIBLE, reason));
    }

    /** The content against a move's schema alone. */
    public Optional<Rejection> checkSchema(ObjectNode schema, Map<String, Object> content) {
        return check(schema(schema), content);
    }

    private static Optional<Rejection> check(Schema schema, Map<String, Object> content) {
        List<Error> errors = schema.validate(Contents.toJson(content));
        if (errors.isEmpty()) {
            return Optional.empty();
        }
        Error e = errors.get(0);
        String where = e.getInstanceLocation().toString();
        return reject(Rejection.SCHEMA, (where.isEmpty() ? "" : where + ": ") + message(e));
    }

    /**
     * Content someone else said (a person, another agent) read against the domain: its schema, then its
     * feasibility for that speaker in that context.
     */
    public Optional<Rejection> checkSaid(String moveId, Map<String, Object> content, MoveContext context) {
        Optional<Rejection> invalid = check(unchanging(rules.schema(moveId, context)), content);
        if (invalid.isPresent()) {
            // a domain's schema may list only what this speaker can offer, so it refuses an infeasible offer too;
            // the domain's own reason ("you cannot give 3 apples: you hold 2") tells a person why
            Optional<Rejection> infeasible = infeasibleIfReadable(moveId, content, context);
            return infeasible.isPresent() ? infeasible : invalid;
        }
        return rules.infeasible(moveId, content, context).map(r -> new Rejection(Rejection.INFEASIBLE, r));
    }

    /** The feasibility reason, or none when the content is too malformed for the domain to read at all. */
    private Optional<Rejection> infeasibleIfReadable(String moveId, Map<String, Object> content,
                                                     MoveContext context) {
        try {
            return rules.infeasible(moveId, content, context).map(r -> new Rejection(Rejection.INFEASIBLE, r));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    /** The words alone, and the words against the content. */
    public Optional<Rejection> checkWords(String moveId, Map<String, Object> content, String words) {
        String w = words == null ? "" : words.strip();
        if (w.isEmpty()) {
            return reject(Rejection.WORDS, "the words are empty");
        }
        if (w.length() > MAX_CHARS) {
            return reject(Rejection.WORDS, "the words have " + w.length() + " characters; at most " + MAX_CHARS
                    + " are allowed");
        }
        if (PLACEHOLDER.matcher(w).find()) {
            return reject(Rejection.WORDS, "the words still contain a $placeholder; write the words themselves");
        }
        return realiser.mismatch(moveId, content, w).map(reason -> new Rejection(Rejection.WORDS_CONTENT, reason));
    }

    /** The compiled schema of a node that is never changed: by identity among the recent ones, else by its JSON. */
    private Schema unchanging(ObjectNode node) {
        synchronized (recentNodes) {
            for (int i = 0; i < RECENT; i++) {
                if (recentNodes[i] == node) {
                    return recentSchemas[i];
                }
            }
        }
        Schema s = schema(node);
        synchronized (recentNodes) {
            recentNodes[recentNext] = node;
            recentSchemas[recentNext] = s;
            recentNext = (recentNext + 1) % RECENT;
        }
        return s;
    }

    private Schema schema(ObjectNode schema) {
        // looked up by the node's own (deep) equality: cheaper than writing it out as text for every check
        Schema s = compiled.get(schema);
        if (s == null) {
            if (compiled.size() > SCHEMA_CACHE_LIMIT) {
                compiled.clear();
            }
            ObjectNode key = schema.deepCopy(); // a caller's later change to its node must not change the key
            s = registry.getSchema(key);
            compiled.put(key, s);
        }
        return s;
    }

    private static String message(Error e) {
        String m = e.getMessage();
        if (m != null && m.startsWith("/")) {
            int colon = m.indexOf(": ");
            return colon > 0 ? m.substring(colon + 2) : m;
        }
        return m != null && m.startsWith(": ") ? m.substring(2) : String.valueOf(m);
    }

    private static Optional<Rejection> reject(String kind, String detail) {
        return Optional.of(new Rejection(kind, detail));
    }
}
