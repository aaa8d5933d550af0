package dev.parley.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Reading what clients send: JSON bodies under Jackson's stream constraints (a broken one is a 400 that quotes
 * Jackson's message, which names the constraint), DGEP 2's participants body and the {@code Idempotency-Key} header.
 */
final class JsonBodies {

    private static final int MAX_JSON_DEPTH = 64;
    private static final int MAX_NUMBER_DIGITS = 100;
    private static final int MAX_KEY_CHARS = 200;

    private final ObjectMapper mapper;

    JsonBodies(int maxBodyBytes) {
        JsonFactory factory = JsonFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_JSON_DEPTH)
                        .maxNumberLength(MAX_NUMBER_DIGITS).maxStringLength(maxBodyBytes).build())
                .build();
        this.mapper = JsonMapper.builder(factory).build();
    }

    /** Parses a request body: one JSON value, within Jackson's limits, every string valid Unicode. */
    JsonNode parse(byte[] body) {
        if (body.length == 0) {
            throw new ServiceException.Invalid("the body is empty; expected a JSON object");
        }
        JsonNode node;
        try (JsonParser parser = mapper.createParser(body)) {
            node = mapper.readTree(parser);
            if (parser.nextToken() != null) {
                throw new ServiceException.Invalid("malformed JSON: unexpected content after the value at line "
                        + parser.currentLocation().getLineNr() + ", column " + parser.currentLocation().getColumnNr());
            }
        } catch (StreamConstraintsException e) {
            // Jackson's own limits (nesting depth, number length, string length): its message names the constraint
            throw new ServiceException.Invalid("the JSON breaks a limit: " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ServiceException.Invalid("malformed JSON" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ServiceException.Invalid("the request body could not be read: " + e.getMessage());
        }
        if (node == null || node.isMissingNode()) {
            throw new ServiceException.Invalid("the body holds no JSON value (only white space); expected a JSON object");
        }
        Unicode.check(node, "body");
        return node;
    }

    /**
     * DGEP 2's body of {@code /dialogue/new}: {@code {"participants": [{"name": label, "player": player or role}]}};
     * no body, or one without participants, seats no one. A {@code null} participants is refused like any other
     * non-array: the description says array, and a client sending null has most likely lost its list.
     */
    static List<DialogueService.Named> participants(JsonNode body) {
        if (body != null) {
            for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!f.equals("participants")) {
                    throw new ServiceException.Invalid("unknown field \"" + f + "\" (fields: participants)");
                }
            }
        }
        JsonNode list = body == null ? null : body.get("participants");
        if (list == null) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new ServiceException.Invalid("\"participants\" must be an array of {\"name\", \"player\"}");
        }
        List<DialogueService.Named> out = new ArrayList<>();
        int i = 0;
        for (JsonNode p : list) {
            String where = "participants[" + i++ + "]";
            if (!p.isObject()) {
                throw new ServiceException.Invalid(where + " must be an object {\"name\", \"player\"}");
            }
            for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!f.equals("name") && !f.equals("player")) {
                    throw new ServiceException.Invalid("unknown field \"" + f + "\" in " + where + " (fields: name, player)");
                }
            }
            JsonNode name = p.get("name");
            JsonNode player = p.get("player");
            // lengths in code points, as the description's minLength/maxLength count them
            if (name == null || !name.isTextual() || name.asText().isEmpty()
                    || name.asText().codePointCount(0, name.asText().length()) > 200) {
                throw new ServiceException.Invalid(where + ".name must be text of 1 to 200 characters");
            }
            if (player == null || !player.isTextual() || player.asText().isEmpty()) {
                throw new ServiceException.Invalid(where + ".player must name a player or role of the protocol");
            }
            out.add(new DialogueService.Named(name.asText(), player.asText()));
        }
        return out;
    }

    /** The {@code Idempotency-Key} header: printable ASCII without spaces, at most 200 characters (the pattern the API description declares); null when absent. */
    static String idempotencyKey(String key) {
        if (key == null) {
            return null;
        }
        if (key.isEmpty() || key.length() > MAX_KEY_CHARS || !key.chars().allMatch(ch -> ch > 0x20 && ch < 0x7f)) {
            throw new ServiceException.Invalid("Idempotency-Key must be 1 to " + MAX_KEY_CHARS
                    + " printable ASCII characters, no spaces");
        }
        return key;
    }
}
