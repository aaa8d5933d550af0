package dev.parley.error;

/**
 * A setting whose value breaks its rule ({@code scenarios must be at least 1, got 0}). Library code names the
 * setting by its field; whoever took the value from a user (the command line, a form) names it as that user wrote
 * it, with {@link #messageFor}, so that no library message speaks of command-line flags.
 */
public class InvalidSettingException extends InputException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String value;
    private final String rule;

    /**
     * @param field the setting's field name ({@code maxReplies})
     * @param value the value given
     * @param rule  what the value must be, as a predicate ({@code must be at least 1})
     */
    public InvalidSettingException(String field, Object value, String rule) {
        super(field + " " + rule + ", got " + value);
        this.field = field;
        this.value = String.valueOf(value);
        this.rule = rule;
    }

    /** The setting's field name, as in the record or class that holds it. */
    public String field() {
        return field;
    }

    public String value() {
        return value;
    }

    public String rule() {
        return rule;
    }

    /** The message with the setting called {@code name} (a flag such as {@code --max-replies}). */
    public String messageFor(String name) {
        return withContext(name + " " + rule + ", got " + value);
    }

    /** Refuses {@code value} below {@code min}. */
    public static void atLeast(String field, long value, long min) {
        if (value < min) {
            throw new InvalidSettingException(field, value, "must be at least " + min);
        }
    }
}
