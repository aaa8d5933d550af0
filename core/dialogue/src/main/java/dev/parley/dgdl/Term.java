package dev.parley.dgdl;

/** One element of a content list such as {@code {p, !q, "text", $Saved$}}. */
public sealed interface Term {

    SourcePosition position();

    /** A content variable ({@code p}); {@code negated} for {@code !p}. */
    record Variable(String name, boolean negated, SourcePosition position) implements Term {
        @Override
        public String toString() {
            return (negated ? "!" : "") + name;
        }
    }

    /** A quoted constant ({@code "test"}), without the quotes. */
    record Literal(String text, SourcePosition position) implements Term {
        @Override
        public String toString() {
            return '"' + text + '"';
        }
    }

    /** A runtime variable set by {@code save} ({@code $AgreedGoal$}). */
    record Runtime(String name, SourcePosition position) implements Term {
        @Override
        public String toString() {
            return "$" + name + "$";
        }
    }
}
