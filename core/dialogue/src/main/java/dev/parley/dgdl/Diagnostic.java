package dev.parley.dgdl;

/** A finding of the {@link ProtocolChecker}. */
public record Diagnostic(Severity severity, String file, SourcePosition position, String message) {

    public enum Severity {
        /** Likely a mistake, but DGEP tolerates it (an undeclared role or addressee, an unreachable interaction). */
        WARNING,
        /** It cannot run (a move or store that does not exist). */
        ERROR
    }

    @Override
    public String toString() {
        return file + ":" + position.line() + ":" + position.column() + ": "
                + severity.name().toLowerCase(java.util.Locale.ROOT) + ": " + message;
    }
}
