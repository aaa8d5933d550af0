package dev.parley.dgdl;

import java.util.List;

/** A protocol that parses but cannot run: every error the {@link ProtocolChecker} found, the first in the message. */
public final class DgdlCheckException extends DgdlException {

    private static final long serialVersionUID = 1L;

    private final transient List<Diagnostic> errors;

    public DgdlCheckException(String file, List<Diagnostic> errors) {
        super(file, errors.get(0).position(), errors.get(0).message()
                + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more error(s))" : ""));
        this.errors = List.copyOf(errors);
    }

    public List<Diagnostic> errors() {
        return errors;
    }
}
