package dev.parley.preface;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The body of a DGEP interaction ({@code POST /dialogue/ID/interaction/MOVEID}): who speaks, whom the move targets,
 * and the values of the move's variables, e.g. {@code {"speaker": "self", "target": "Alice", "reply": {"p": "...",
 * "q": "..."}}}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReplyObject(String speaker, String target, Map<String, String> reply) {
    public ReplyObject {
        reply = Collections.unmodifiableMap(new LinkedHashMap<>(reply));
    }
}
