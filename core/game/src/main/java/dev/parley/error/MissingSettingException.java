package dev.parley.error;

/**
 * A setting that must be given and was not ({@code `modelFile` is not set}). Like {@link InvalidSettingException}
 * it names the setting by its field, so that each front end can say how its user gives it (the command line: the
 * flag, the environment variable and the config-file key).
 */
public class MissingSettingException extends InputException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String advice;

    /**
     * @param field  the setting's field name ({@code modelFile})
     * @param advice what follows the setting's name in a message, with its own leading punctuation
     *               ({@code ", e.g. gpt-4o-mini"}); empty for none
     */
    public MissingSettingException(String field, String advice) {
        super(Setting.named(field) + " is not set" + advice);
        this.field = field;
        this.advice = advice;
    }

    public String field() {
        return field;
    }

    public String advice() {
        return advice;
    }
}
