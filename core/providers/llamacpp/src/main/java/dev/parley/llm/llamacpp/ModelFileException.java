package dev.parley.llm.llamacpp;

import dev.parley.llm.LlmException;

/** A model file Parley will not load: missing, not GGUF, truncated, corrupt, too large, of an unknown architecture. */
public final class ModelFileException extends LlmException {

    private static final long serialVersionUID = 1L;

    public ModelFileException(String message) {
        super(message);
    }
}
