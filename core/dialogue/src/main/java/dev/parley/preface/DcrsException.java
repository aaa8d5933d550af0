package dev.parley.preface;

import dev.parley.error.InputException;
import java.util.List;

/** A DCRS document that cannot be read: not JSON, or not valid against the DCRS schema. */
public class DcrsException extends InputException {

    private static final long serialVersionUID = 1L;

    private final transient List<SchemaViolation> violations;

    public DcrsException(String message, List<SchemaViolation> violations) {
        super(message);
        this.violations = List.copyOf(violations);
    }

    public DcrsException(String message, Throwable cause) {
        super(message, cause);
        this.violations = List.of();
    }

    /** The schema violations (empty when the document was not even JSON). */
    public List<SchemaViolation> violations() {
        return violations;
    }
}
