package dev.parley.preface;

/**
 * How the model is asked to answer. {@link #JSON_SCHEMA} asks for {@code {"response": "..."}} through the server's
 * structured-output support; {@link #TEXT} is the last resort for servers without it.
 */
public enum AnswerFormat {
    JSON_SCHEMA, TEXT;

    /** The name of the one field of the structured answer. */
    public static final String FIELD = "response";
}
