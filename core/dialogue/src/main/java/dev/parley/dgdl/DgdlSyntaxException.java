package dev.parley.dgdl;

/** The text is not DGDL: where it went wrong, what was found and what was expected there. */
public final class DgdlSyntaxException extends DgdlException {

    private static final long serialVersionUID = 1L;

    private final String found;
    private final String expected;

    public DgdlSyntaxException(String file, SourcePosition position, String found, String expected, String message) {
        super(file, position, message);
        this.found = found;
        this.expected = expected;
    }

    /** The offending text ({@code <end of file>} at the end). */
    public String found() {
        return found;
    }

    /** What the grammar accepts at that point, e.g. {@code one of ')', ','}; empty when ANTLR cannot say. */
    public String expected() {
        return expected;
    }
}
