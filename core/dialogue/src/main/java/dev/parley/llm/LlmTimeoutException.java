package dev.parley.llm;

/**
 * A generation cancelled because it ran past its time limit. The move generator counts it as a refused answer (and
 * asks again) rather than failing the run; it is never cached.
 */
public final class LlmTimeoutException extends LlmException {

    private static final long serialVersionUID = 1L;

    public LlmTimeoutException(String message) {
        super(message);
    }
}
