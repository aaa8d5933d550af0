package dev.parley.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Strings a client sends must be valid Unicode. JSON's {@code \ud800} escape can carry half a surrogate pair, which
 * Java strings hold but UTF-8 cannot: stored, it would come back as {@code ?} after a restart. Such a string is
 * refused (400) before anything is done with it.
 */
final class Unicode {

    private Unicode() {
    }

    /** Checks every field name and string in a JSON tree. */
    static void check(JsonNode node, String where) {
        if (node == null) {
            return;
        }
        if (node.isTextual()) {
            check(node.asText(), where);
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String at = where.equals("body") ? e.getKey() : where + "." + e.getKey();
                check(e.getKey(), "a field name in " + where);
                check(e.getValue(), at);
            }
        } else if (node.isArray()) {
            int i = 0;
            for (JsonNode n : node) {
                check(n, where + "[" + i++ + "]");
            }
        }
    }

    static void check(String s, String where) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new ServiceException.Invalid(String.format("%s holds a lone UTF-16 surrogate (U+%04X) at character "
                        + "%d: strings must be valid Unicode", where, (int) c, i));
            }
        }
    }
}
