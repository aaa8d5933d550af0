package dev.parley.preface;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Extracts the value for {@code $response} from a model's raw answer. Structured answers must be the JSON object
 * {@code {"response": "..."}} (a surrounding Markdown code fence is tolerated, as many servers add one); plain-text
 * answers are trimmed and unquoted.
 */
public final class AnswerParser {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AnswerParser() {
    }

    public static Verdict parse(String raw, AnswerFormat format) {
        if (raw == null || raw.isBlank()) {
            return Verdict.reject("the answer is empty");
        }
        String text = stripFence(raw.strip());
        if (format == AnswerFormat.TEXT) {
            return Verdict.accept(unquote(text));
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return Verdict.reject("the answer is not JSON (" + dev.parley.json.JsonErrors.describe(e)
                    + "); expected the object {\"response\": \"...\"}");
        }
        if (node == null || !node.isObject()) {
            return Verdict.reject("the answer is not a JSON object; expected {\"response\": \"...\"}");
        }
        JsonNode value = node.get(AnswerFormat.FIELD);
        if (value == null || !value.isTextual()) {
            return Verdict.reject("the answer has no string field \"response\"; expected {\"response\": \"...\"}");
        }
        return Verdict.accept(value.asText().strip());
    }

    private static String stripFence(String s) {
        if (s.startsWith("```")) {
            int firstNewline = s.indexOf('\n');
            int end = s.lastIndexOf("```");
            if (firstNewline > 0 && end > firstNewline) {
                return s.substring(firstNewline + 1, end).strip();
            }
        }
        return s;
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) {
            return s.substring(1, s.length() - 1).strip();
        }
        return s;
    }
}
