package dev.parley.llm;

import dev.parley.error.ParleyException;

/** A language-model call failed in a way the user can act on: a timeout, a refused request, a replay miss. */
public class LlmException extends ParleyException {

    private static final long serialVersionUID = 1L;

    public LlmException(String message) {
        super(message);
    }

    public LlmException(String message, Throwable cause) {
        super(message, cause);
    }
}
