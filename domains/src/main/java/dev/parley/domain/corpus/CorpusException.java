package dev.parley.domain.corpus;

import dev.parley.error.InputException;

/**
 * A corpus file that cannot be read as the corpus it claims to be: the message names the file and, where one is
 * at fault, the dialogue id, so the command line can print it as one line. It is bad input like any other, so the
 * command line reports it as it is, without wrapping it.
 */
public final class CorpusException extends InputException {

    private static final long serialVersionUID = 1L;

    public CorpusException(String message) {
        super(message);
    }

    public CorpusException(String message, Throwable cause) {
        super(message, cause);
    }
}
