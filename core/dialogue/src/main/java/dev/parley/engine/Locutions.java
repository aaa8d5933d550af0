package dev.parley.engine;

import dev.parley.dgdl.Protocol;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The text of a locution: an interaction's opener with its variables substituted. */
final class Locutions {

    private static final Pattern VARIABLE = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)");

    private Locutions() {
    }

    /** Replaces each {@code $Var} that has a value; the others stay as they are. */
    static String substitute(String text, Map<String, String> values) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(v != null ? v : m.group()));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** The opener filled with the reply, or (without an opener) the move id and the reply's values. */
    static String text(Protocol.Interaction in, Map<String, String> reply) {
        if (in.opener().isPresent() && !in.opener().get().isBlank()) {
            return substitute(in.opener().get(), reply);
        }
        return reply.isEmpty() ? in.id() : in.id() + " " + String.join(", ", reply.values());
    }
}
