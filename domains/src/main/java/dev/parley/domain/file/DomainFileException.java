package dev.parley.domain.file;

import dev.parley.error.InputException;

/** A domain file that cannot be used: the message is {@code file:line:column: what was expected}. */
public final class DomainFileException extends InputException {

    private static final long serialVersionUID = 1L;

    public DomainFileException(String file, int line, int column, String message) {
        super(located(file, line, column, message), file, line, column, null);
    }
}
