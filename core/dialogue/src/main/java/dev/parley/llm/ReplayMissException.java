package dev.parley.llm;

/** Replay mode met a call that the cache does not hold; the message names the prompt and the key. */
public class ReplayMissException extends LlmException {

    private static final long serialVersionUID = 1L;

    public ReplayMissException(String message) {
        super(message);
    }
}
