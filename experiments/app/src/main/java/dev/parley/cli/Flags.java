package dev.parley.cli;

import dev.parley.error.Setting;
import java.util.Map;
import picocli.CommandLine;

/**
 * The one place that turns a library setting's field name into the flag a user typed: library code names fields
 * ({@code maxReplies}), never flags, and a refused setting is reported here as {@code --max-replies ...}.
 */
final class Flags {

    /** Fields whose flag is not their name in kebab case. */
    private static final Map<String, String> RENAMED = Map.of(
            "concurrency", "--llm-concurrency",
            "maxIterations", "--iterations",
            "maxRetries", "--retries");

    private Flags() {
    }

    /**
     * The flag of {@code field} in {@code command} (or, failing that, a command above it); the field's own name
     * when no command there has such a flag, so that a message never names a flag that does not exist.
     */
    static String of(CommandLine command, String field) {
        String flag = flagIn(command, field);
        return flag != null ? flag : field;
    }

    /** {@code message} with each setting it names ({@link Setting#named}) shown as the flag a user types. */
    static String render(CommandLine command, String message) {
        return Setting.render(message, field -> flagIn(command, field));
    }

    /** The flag a field is given by: {@code maxReplies} is {@code --max-replies} (or its {@link #RENAMED} flag). */
    static String flagOf(String field) {
        return RENAMED.getOrDefault(field, "--" + field.replaceAll("([a-z0-9])([A-Z])", "$1-$2")
                .toLowerCase(java.util.Locale.ROOT));
    }

    private static String flagIn(CommandLine command, String field) {
        String flag = flagOf(field);
        for (CommandLine c = command; c != null; c = c.getParent()) {
            if (c.getCommandSpec().findOption(flag) != null) {
                return flag;
            }
        }
        return null;
    }
}
