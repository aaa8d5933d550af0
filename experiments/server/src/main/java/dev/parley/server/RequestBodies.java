package dev.parley.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The request bodies the API reads, within the body limit: the bytes (413 as soon as they pass it, whatever
 * Content-Length said; 408 when they stop arriving), an optional JSON object, and a move's body. The JSON itself is
 * parsed by {@link JsonBodies}.
 */
final class RequestBodies {

    private static final Set<String> INTERACTION_FIELDS = Set.of("speaker", "reply", "target", "text");
    /** The content types a form or a fetch without preflight may send across sites (issue 45, finding 4). */
    private static final Set<String> FORM_TYPES = Set.of("application/x-www-form-urlencoded", "multipart/form-data",
            "text/plain");

    private final int maxBodyBytes;
    private final long idleTimeoutMillis;
    private final JsonBodies json;

    RequestBodies(int maxBodyBytes, long idleTimeoutMillis) {
        this.maxBodyBytes = maxBodyBytes;
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.json = new JsonBodies(maxBodyBytes);
    }

    /**
     * A move's body, checked: the speaker's participant id, the reply's variables (null values dropped), the target
     * player or null, and the move's words or null.
     */
    record Interaction(String speaker, Map<String, String> reply, String target, String words) {
    }

    /** A declared Content-Length over the limit is refused before the body is read. */
    void checkDeclaredLength(Context ctx) {
        String declared = ctx.header("Content-Length");
        if (declared != null) {
            long n;
            try {
                n = Long.parseLong(declared.trim());
            } catch (NumberFormatException e) {
                throw new ServiceException.Invalid("Content-Length is not a number");
            }
            if (n > maxBodyBytes) {
                throw tooLarge();
            }
        }
    }

    private ApiException tooLarge() {
        return new ApiException(413, "the request body is larger than the limit of " + maxBodyBytes + " bytes");
    }

    /** Reads the body, refusing (413) as soon as it passes the limit, whatever Content-Length said. */
    byte[] bytes(Context ctx) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try (InputStream in = ctx.req().getInputStream()) {
            int r;
            while ((r = in.read(buf)) >= 0) {
                out.write(buf, 0, r);
                if (out.size() > maxBodyBytes) {
                    throw tooLarge();
                }
            }
        } catch (IOException e) {
            if (timedOut(e)) {
                ctx.header("Connection", "close");
                throw new ApiException(408, "the request body did not arrive within the idle timeout of "
                        + idleTimeoutMillis + " ms");
            }
            throw new ServiceException.Invalid("the request body could not be read: " + e.getMessage());
        }
        return out.toByteArray();
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.util.concurrent.TimeoutException) {
                return true;
            }
        }
        return false;
    }

    /**
     * A JSON endpoint refuses the content types an HTML form can send (415), with a body or without: a cross-site form
     * posting nothing would otherwise create a dialogue or take a seat. No content type at all is a plain client's.
     */
    private static void refuseFormTypes(Context ctx) {
        String type = ctx.header("Content-Type");
        if (type != null) {
            String bare = type.split(";", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
            if (FORM_TYPES.contains(bare)) {
                throw new ApiException(415, "this endpoint takes JSON (Content-Type: application/json), not " + bare);
            }
        }
    }

    /** {@code new} and {@code join} need no body; one that is sent must still be JSON (DGEP clients send {}). */
    JsonNode optionalJsonObject(Context ctx) {
        refuseFormTypes(ctx);
        byte[] b = bytes(ctx);
        if (b.length == 0) {
            return null;
        }
        // a body that is there must be a JSON object: whitespace alone, or `false`, is not "no body"
        JsonNode parsed = json.parse(b);
        if (!parsed.isObject()) {
            throw new ServiceException.Invalid("the body must be a JSON object, not " + parsed.getNodeType()
                    .toString().toLowerCase(java.util.Locale.ROOT));
        }
        return parsed;
    }

    /** The body of {@code POST /dialogue/{id}/interaction/{move}}. */
    Interaction interaction(Context ctx) {
        refuseFormTypes(ctx);
        JsonNode root = json.parse(bytes(ctx));
        if (root == null || !root.isObject()) {
            throw new ServiceException.Invalid("the body must be a JSON object {\"speaker\": participantID, "
                    + "\"reply\": {var: text}, \"target\": player, \"text\": words}");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!INTERACTION_FIELDS.contains(f)) {
                throw new ServiceException.Invalid("unknown field \"" + f
                        + "\" (fields: speaker, reply, target, text)");
            }
        }
        JsonNode speaker = root.get("speaker");
        if (speaker == null || speaker.isNull()) {
            throw new ServiceException.Invalid("missing \"speaker\": the participantID that join returned");
        }
        if (!speaker.isTextual()) {
            throw new ServiceException.Invalid("\"speaker\" must be text (the participantID that join returned)");
        }
        String target = scalar(root.get("target"), "target");
        JsonNode textNode = root.get("text");
        if (textNode != null && !textNode.isNull() && !textNode.isTextual()) {
            throw new ServiceException.Invalid("\"text\" must be text (the move's words)");
        }
        String words = textNode == null || textNode.isNull() ? null : textNode.asText();
        Map<String, String> reply = new LinkedHashMap<>();
        JsonNode r = root.get("reply");
        if (r != null && !r.isNull()) {
            if (!r.isObject()) {
                throw new ServiceException.Invalid("\"reply\" must be an object {variable: text}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = r.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                reply.put(e.getKey(), scalar(e.getValue(), "reply." + e.getKey()));
            }
        }
        reply.values().removeIf(java.util.Objects::isNull);
        // DGEP's own example puts the target inside the reply; honour that unless the move has a variable of the name
        if (target == null && reply.containsKey("target")) {
            target = reply.get("target");
            reply.remove("target");
        }
        return new Interaction(speaker.asText(), reply, target, words);
    }

    /**
     * A text field: null when absent or null, else a JSON string, kept exactly as sent. A number or a boolean is
     * refused rather than turned into text: Jackson would make {@code 1e99999} "Infinity" and {@code 0.1e1} "1.0",
     * and what is stored must be what was sent.
     */
    static String scalar(JsonNode n, String field) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw new ServiceException.Invalid("\"" + field + "\" must be text (a JSON string), not "
                    + n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT)
                    + (n.isNumber() || n.isBoolean() ? ": quote it to send it as text" : ""));
        }
        return n.asText();
    }
}
