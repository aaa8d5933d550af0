package dev.parley.error;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a library message names a user's setting: by its field, in backquotes ({@code raise `timeout`}), never as a
 * command-line flag. Each front end shows the mention as its user wrote the setting: the command line as
 * {@code --timeout}; elsewhere (a log, the server's JSON) the backquoted field reads as it is.
 */
public final class Setting {

    private static final Pattern MENTION = Pattern.compile("`([a-z][A-Za-z0-9]*)`");

    private Setting() {
    }

    /** The mention of the setting held in {@code field} ({@code maxReplies}), for a message. */
    public static String named(String field) {
        if (!MENTION.matcher("`" + field + "`").matches()) {
            throw new IllegalArgumentException("not a field name: " + field);
        }
        return "`" + field + "`";
    }

    /**
     * {@code message} with every mention replaced by {@code name}'s answer for its field; a mention {@code name}
     * answers with {@code null} for is left as it is.
     */
    public static String render(String message, UnaryOperator<String> name) {
        if (message == null || message.indexOf('`') < 0) {
            return message;
        }
        Matcher m = MENTION.matcher(message);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String shown = name.apply(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(shown == null ? m.group() : shown));
        }
        m.appendTail(out);
        return out.toString();
    }
}
